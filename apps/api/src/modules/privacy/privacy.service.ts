import { type DeleteAccountBody, ORDER_STATUS, PAYMENT_STATUS, type Preferences, ROLES } from '@petshop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import * as addresses from '../addresses/addresses.service';
import * as appointments from '../appointments/appointments.service';
import { type Actor, recordChange } from '../audit/audit.service';
import * as recovery from '../auth/password-recovery.service';
import * as cart from '../cart/cart.service';
import * as messages from '../messages/messages.service';
import * as orders from '../orders/orders.service';
import * as packages from '../packages/packages.service';
import type { MercadoPago, PixApi } from '../payments/payment-clients';
import * as pets from '../pets/pets.service';
import * as plans from '../plans/plans.service';
import * as staffInvitations from '../staff/staff-invitation.service';
import * as users from '../users/users.service';

const NOT_FOUND = 'Usuário não encontrado.';

const requireOwner = (caller: AuthUser, id: number) => {
  if (caller.id !== id) throw notFound(NOT_FOUND);
};

export async function getPreferences(db: Db, caller: AuthUser, id: number) {
  requireOwner(caller, id);
  const found = await users.findPreferences(db, id);
  if (!found) throw notFound(NOT_FOUND);
  return found;
}

export async function updatePreferences(db: Db, caller: AuthUser, id: number, input: Preferences) {
  requireOwner(caller, id);
  const updated = await users.updatePreferences(db, id, input);
  if (!updated) throw notFound(NOT_FOUND);
  return updated;
}

/**
 * Everything held about one person, secrets left out (password hash, token version, reset-token
 * hashes, sealed links): each module answers for its own tables. The owner, or an admin answering
 * a request made to the shop.
 */
export async function exportData(db: Db, caller: AuthUser, id: number) {
  if (caller.role !== ROLES.admin) requireOwner(caller, id);
  const profile = await users.exportProfile(db, id);
  if (!profile) throw notFound(NOT_FOUND);
  const [addressRows, petRows, orderRows, appointmentRows, messageRows, resetRows, creditRows, subscriptionRows] =
    await Promise.all([
      addresses.exportOf(db, id),
      pets.exportOf(db, id),
      orders.exportOf(db, id),
      appointments.exportOf(db, id),
      messages.exportOf(db, id),
      recovery.exportOf(db, id),
      packages.exportOf(db, id),
      plans.exportOf(db, id),
    ]);
  return {
    exportedAt: new Date().toISOString(),
    profile,
    addresses: addressRows,
    pets: petRows,
    orders: orderRows,
    appointments: appointmentRows,
    messages: messageRows,
    passwordResets: resetRows,
    packageCredits: creditRows,
    subscriptions: subscriptionRows,
  };
}

export interface DeleteAccountDeps {
  db: Db;
  pix: PixApi;
  cards: MercadoPago;
  log: FastifyBaseLogger;
}

type OpenOrder = Awaited<ReturnType<typeof orders.openOf>>[number];

const describe = (order: OpenOrder) =>
  order.status === ORDER_STATUS.awaitingPayment && order.paymentStatus === PAYMENT_STATUS.pending
    ? `pedido nº ${order.id} (aguardando pagamento: a cobrança ainda pode ser paga)`
    : `pedido nº ${order.id} (${order.status.toLowerCase()})`;

/** What a customer must know before their account goes with orders still open. */
function openOrdersMessage(open: OpenOrder[]) {
  const cancellable = open.some(
    (order) => order.status === ORDER_STATUS.awaitingPayment || order.status === ORDER_STATUS.processing,
  );
  return (
    `A conta tem pedidos em andamento: ${open.map(describe).join('; ')}. ` +
    (cancellable
      ? 'Confirme a exclusão para cancelá-los antes (cobranças pendentes são canceladas e valores já pagos são reembolsados); '
      : '') +
    'pedidos já enviados ou prontos para retirada são entregues e guardam o endereço até serem concluídos.'
  );
}

/**
 * LGPD: leaving the shop. An account with orders in progress or a pending charge is refused with a
 * pt-BR message naming them, unless the customer confirmed (`cancelOpenOrders`): then the orders
 * that may still be cancelled are cancelled first (pending charges withdrawn at the PSP, paid ones
 * marked for refund). In one transaction the account row is anonymised and every module forgets
 * what it holds about the person; orders stay for the books, and an order already on its way keeps
 * what its delivery needs until it closes.
 */
export async function deleteAccount(
  deps: DeleteAccountDeps,
  caller: AuthUser,
  id: number,
  body: DeleteAccountBody,
  /** a staff member deleting someone's account: written to the audit log (no personal data) */
  actor?: Actor,
) {
  const { db } = deps;
  await users.checkRemovable(db, caller, id);
  let open = await orders.openOf(db, id);
  if (open.length > 0 && !body?.cancelOpenOrders) throw conflict(openOrdersMessage(open), 'OPEN_ORDERS');
  if (open.length > 0) {
    await orders.cancelOpenOf(deps, id);
    open = await orders.openOf(db, id);
    // An order placed while we cancelled: the customer decides again.
    if (open.some((order) => order.status === ORDER_STATUS.awaitingPayment))
      throw conflict(openOrdersMessage(open), 'OPEN_ORDERS');
  }
  await db.transaction(async (tx) => {
    if (!(await users.softDelete(tx, id))) return;
    if (actor) await recordChange(tx, actor, { action: 'delete', entity: 'user', entityId: id });
    await addresses.forget(tx, id);
    await cart.forget(tx, id);
    await orders.forget(tx, id);
    await appointments.forget(tx, id);
    await pets.forget(tx, id);
    await recovery.forget(tx, id);
    await staffInvitations.forget(tx, id);
    await messages.forget(tx, id);
  });
  deps.log.info({ userId: id, by: caller.id, audit: 'account-deleted' }, 'account deleted');
}
