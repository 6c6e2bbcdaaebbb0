import { addressesRoutes } from './modules/addresses/addresses.routes';
import { agendaRoutes } from './modules/agenda/agenda.routes';
import {
  appointmentStatusRoutes,
  appointmentsAdminRoutes,
  appointmentsRoutes,
} from './modules/appointments/appointments.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { passwordChangeRoutes, passwordRecoveryRoutes } from './modules/auth/password-recovery.routes';
import { twoFactorResetRoutes, twoFactorRoutes, twoFactorVerifyRoutes } from './modules/auth/two-factor.routes';
import { backupRoutes } from './modules/backup/backup.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { catalogAdminRoutes } from './modules/catalog/catalog-admin.routes';
import { cepRoutes } from './modules/cep/cep.routes';
import { employeeScheduleRoutes } from './modules/employees/employee-schedule.routes';
import { employeesAdminRoutes, employeesRoutes } from './modules/employees/employees.routes';
import { healthRoutes } from './modules/health/health.routes';
import { stockManagerRoutes, stockPublicRoutes, stockStaffRoutes } from './modules/inventory/inventory.routes';
import { locationsRoutes } from './modules/locations/locations.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { checkoutRoutes } from './modules/orders/checkout.routes';
import { orderRefundsRoutes } from './modules/orders/order-refunds.routes';
import { ordersAdminRoutes, ordersRoutes } from './modules/orders/orders.routes';
import {
  expiringCreditsRoutes,
  packagesAdminRoutes,
  packagesCustomerRoutes,
  packagesRoutes,
} from './modules/packages/packages.routes';
import { cardWebhookRoutes } from './modules/payments/card-webhook.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { paymentsLedgerRoutes } from './modules/payments/payments-ledger.routes';
import { paymentsPublicRoutes } from './modules/payments/payments-public.routes';
import { pixWebhookRoutes } from './modules/payments/pix-webhook.routes';
import { petHealthRoutes } from './modules/pets/pet-health.routes';
import { customerPetsRoutes, petsRoutes } from './modules/pets/pets.routes';
import { plansAdminRoutes, plansRoutes, subscriptionsRoutes } from './modules/plans/plans.routes';
import { plansWebhookRoutes } from './modules/plans/plans-webhook.routes';
import { posRoutes } from './modules/pos/pos.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { productImagesRoutes } from './modules/product-images/product-images.routes';
import { purchasingRoutes } from './modules/purchasing/purchasing.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { servicesRoutes } from './modules/services/services.routes';
import { servicesAdminRoutes } from './modules/services/services-admin.routes';
import { shippingAdminRoutes, shippingRoutes } from './modules/shipping/shipping.routes';
import { staffInvitationAcceptRoutes, staffInviteRoutes, userRoleRoutes } from './modules/staff/staff.routes';
import { storeHoursRoutes, storesAdminRoutes, storesRoutes } from './modules/stores/stores.routes';
import { signUpRoutes, usersAdminRoutes, usersRoutes } from './modules/users/users.routes';

/**
 * Every route group of the API under `/api`, in one table. Each group states who may call it
 * (public, customer, or staff with their roles) where its routes are written; app.ts registers
 * them all the same way (plugins/route-groups.ts). The sandbox mode's groups are added by app.ts
 * only when the PSP stand-ins are mounted.
 */
export const routeTable = [
  healthRoutes,
  backupRoutes,
  authRoutes,
  twoFactorVerifyRoutes,
  twoFactorRoutes,
  twoFactorResetRoutes,
  passwordRecoveryRoutes,
  passwordChangeRoutes,
  signUpRoutes,
  usersRoutes,
  usersAdminRoutes,
  privacyRoutes,
  messagesRoutes,
  reportsRoutes,
  auditRoutes,
  catalogRoutes,
  catalogAdminRoutes,
  stockPublicRoutes,
  stockStaffRoutes,
  stockManagerRoutes,
  purchasingRoutes,
  productImagesRoutes,
  servicesRoutes,
  servicesAdminRoutes,
  employeesRoutes,
  employeesAdminRoutes,
  employeeScheduleRoutes,
  staffInviteRoutes,
  staffInvitationAcceptRoutes,
  userRoleRoutes,
  appointmentsRoutes,
  appointmentsAdminRoutes,
  appointmentStatusRoutes,
  agendaRoutes,
  cartRoutes,
  paymentsPublicRoutes,
  paymentsRoutes,
  paymentsLedgerRoutes,
  checkoutRoutes,
  pixWebhookRoutes,
  cardWebhookRoutes,
  ordersRoutes,
  ordersAdminRoutes,
  orderRefundsRoutes,
  locationsRoutes,
  addressesRoutes,
  cepRoutes,
  shippingRoutes,
  shippingAdminRoutes,
  storesRoutes,
  storesAdminRoutes,
  storeHoursRoutes,
  petsRoutes,
  customerPetsRoutes,
  petHealthRoutes,
  plansRoutes,
  plansAdminRoutes,
  subscriptionsRoutes,
  plansWebhookRoutes,
  packagesRoutes,
  packagesCustomerRoutes,
  packagesAdminRoutes,
  expiringCreditsRoutes,
  posRoutes,
] as const;
