/** Every table, for Drizzle and drizzle-kit; each module defines (and alone writes) its own in `<module>.schema.ts`. */

export * from '@petshop/sandbox/schema';
export * from '../modules/addresses/addresses.schema';
export * from '../modules/appointments/appointments.schema';
export * from '../modules/audit/audit.schema';
export * from '../modules/auth/auth.schema';
export * from '../modules/cart/cart.schema';
export * from '../modules/catalog/catalog.schema';
export * from '../modules/employees/employees.schema';
export * from '../modules/inventory/inventory.schema';
export * from '../modules/locations/locations.schema';
export * from '../modules/messages/messages.schema';
export * from '../modules/orders/orders.schema';
export * from '../modules/packages/packages.schema';
export * from '../modules/payments/payments.schema';
export * from '../modules/pets/pets.schema';
export * from '../modules/plans/plans.schema';
export * from '../modules/pos/pos.schema';
export * from '../modules/purchasing/purchasing.schema';
export * from '../modules/services/services.schema';
export * from '../modules/shipping/shipping.schema';
export * from '../modules/staff/staff.schema';
export * from '../modules/stores/stores.schema';
export * from '../modules/users/users.schema';
