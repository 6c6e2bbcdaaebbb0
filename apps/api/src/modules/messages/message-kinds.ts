import type { RefundKind } from '@petshop/domain';

/** What a message is about; each kind has one template per channel. */
const MESSAGE_KINDS = [
  'account-created',
  'password-reset',
  'password-changed',
  'account-unlock',
  'staff-invite',
  'order-created',
  'order-paid',
  'order-cancelled',
  'order-expired',
  'order-delivered',
  'order-refunded',
  'order-charged-back',
  'appointment-booked',
  'appointment-moved',
  'appointment-cancelled',
  'appointment-reminder',
  'vaccine-due',
  'subscription-charge-failed',
  'subscription-suspended',
  'subscription-charged-back',
  'credits-expiring',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

const MESSAGE_CHANNELS = ['email', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

const MESSAGE_STATUSES = ['pendente', 'enviada', 'falhou', 'cancelada'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  'account-created': 'Conta criada',
  'password-reset': 'Redefinição de senha',
  'password-changed': 'Senha alterada',
  'account-unlock': 'Desbloqueio de login',
  'staff-invite': 'Convite para a equipe',
  'order-created': 'Pedido criado',
  'order-paid': 'Pedido pago',
  'order-cancelled': 'Pedido cancelado',
  'order-expired': 'Pedido expirado',
  'order-delivered': 'Pedido entregue',
  'order-refunded': 'Reembolso',
  'order-charged-back': 'Contestação de pagamento',
  'appointment-booked': 'Agendamento confirmado',
  'appointment-moved': 'Agendamento remarcado',
  'appointment-cancelled': 'Agendamento cancelado',
  'appointment-reminder': 'Lembrete de agendamento',
  'vaccine-due': 'Vacina a vencer',
  'subscription-charge-failed': 'Cobrança da assinatura falhou',
  'subscription-suspended': 'Assinatura suspensa',
  'subscription-charged-back': 'Contestação de assinatura',
  'credits-expiring': 'Créditos de pacote a vencer',
};

export interface OrderPayload {
  name: string;
  orderId: number;
  totalCents: number;
  paymentMethod: string;
  items: { name: string; quantity: number; unitPriceCents: number }[];
  /** Pix copia e cola while the order waits for payment */
  pixCode?: string | null;
  expiresAt?: string | null;
}

export interface AppointmentPayload {
  name: string;
  appointmentId: number;
  date: string;
  time: string;
  serviceName: string;
  employeeName: string;
  petName: string;
}

export interface SubscriptionPayload {
  name: string;
  subscriptionId: number;
  planName: string;
  petName: string;
  /** the cycle's date and amount */
  dueOn: string;
  amountCents: number;
  paymentMethod: string;
  /** a retry is scheduled for this date (charge failed); absent once suspended */
  retryOn?: string | null;
  /** suspended because the card holder disputed the cycle's payment with their bank */
  chargedBack?: boolean;
}

export interface VaccinePayload {
  name: string;
  vaccineId: number;
  petName: string;
  vaccineName: string;
  dueOn: string;
}

export interface CreditsPayload {
  name: string;
  creditId: number;
  petName: string;
  packageName: string;
  remaining: number;
  expiresOn: string;
}

/** Who a message goes to, as the users module knows them when the message is written. */
export interface Recipient {
  userId: number;
  name: string;
  email: string;
  /** Brazilian digits without the country code */
  phone: string;
  whatsappOptIn: boolean;
}

/** What the template of each kind shows; `name` is the recipient's, added by the outbox. */
export interface PayloadByKind {
  'account-created': { name: string };
  /** `sealedToken`: the reset token, encrypted; removed from the row once the message is sent. */
  'password-reset': { name: string; sealedToken?: string; expiresAt: string };
  'password-changed': { name: string; changedAt: string };
  /** `sealedToken`: the unlock link's token, encrypted; removed from the row once the message is sent. */
  'account-unlock': { name: string; sealedToken?: string; expiresAt: string };
  /**
   * `sealedToken`: the set-password token of an invited staff member, encrypted; removed once sent.
   * `accept`: the account exists already, and the link is the one that accepts the invitation.
   */
  'staff-invite': {
    name: string;
    sealedToken?: string;
    expiresAt: string;
    roleLabel: string;
    storeNames: string[];
    accept?: boolean;
  };
  'order-created': OrderPayload;
  'order-paid': OrderPayload;
  'order-cancelled': OrderPayload;
  'order-expired': OrderPayload;
  'order-delivered': OrderPayload;
  'order-refunded': OrderPayload & { refundCents: number; refundKind: RefundKind };
  /** to the shop's admins: a customer disputed a card payment with their bank */
  'order-charged-back': OrderPayload;
  'appointment-booked': AppointmentPayload;
  'appointment-moved': AppointmentPayload;
  'appointment-cancelled': AppointmentPayload;
  'appointment-reminder': AppointmentPayload;
  'vaccine-due': VaccinePayload;
  'subscription-charge-failed': SubscriptionPayload;
  'subscription-suspended': SubscriptionPayload;
  /** to the shop's admins: a customer disputed a plan cycle's card payment with their bank */
  'subscription-charged-back': SubscriptionPayload;
  'credits-expiring': CreditsPayload;
}

/** The payload a module hands to the outbox: everything but the recipient's name. */
export type NewPayload<K extends MessageKind> = Omit<PayloadByKind[K], 'name'>;
