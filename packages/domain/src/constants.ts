/** Business constants shared by the API and the web app (SPEC section 9). */
export const CART_MAX_ITEMS = 10;
/** SPEC section 5: shown by the product page and returned by the API (code CART_LIMIT). */
export const CART_LIMIT_MESSAGE = `Você pode adicionar no máximo ${CART_MAX_ITEMS} produtos ao carrinho.`;
export const PRODUCT_QUANTITY_MIN = 1;
export const PRODUCT_QUANTITY_MAX = 10;
export const DESCRIPTION_TRUNCATE = 200;
export const PASSWORD_MIN_LENGTH = 8;
export const BUSINESS_TIME_ZONE = 'America/Sao_Paulo';
export const API_TIMEOUT_MS = 10_000;
export const STORAGE_KEYS = { token: 'token', user: 'user' } as const;

export const PAYMENT_METHODS = ['Cartão de Débito', 'Cartão de Crédito', 'Pix', 'Boleto'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PET_SPECIES = ['Cachorro', 'Gato', 'Pássaro', 'Roedor', 'Réptil', 'Peixe', 'Outro'] as const;
export type PetSpecies = (typeof PET_SPECIES)[number];
export const PET_SIZES = ['Pequeno', 'Médio', 'Grande'] as const;
export type PetSize = (typeof PET_SIZES)[number];

/** Pix and boleto orders wait for the bank; paid or card orders are processed. */
export const ORDER_STATUS = {
  awaitingPayment: 'Aguardando pagamento',
  processing: 'Processando',
  shipped: 'Enviado',
  readyForPickup: 'Pronto para retirada',
  delivered: 'Entregue',
  cancelled: 'Cancelado',
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** Delivery to an address (priced by the shipping table) or pickup at the shop (free). */
export const DELIVERY_METHOD = { delivery: 'Entrega', pickup: 'Retirada na loja' } as const;
export const DELIVERY_METHODS = [DELIVERY_METHOD.delivery, DELIVERY_METHOD.pickup] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** Every appointment keeps its row; only active ones (scheduled or in progress) hold their time. */
export const APPOINTMENT_STATUS = {
  scheduled: 'Agendado',
  inProgress: 'Em atendimento',
  done: 'Concluído',
  noShow: 'Não compareceu',
  cancelled: 'Cancelado',
} as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUS)[keyof typeof APPOINTMENT_STATUS];
export const ACTIVE_APPOINTMENT_STATUSES: readonly AppointmentStatus[] = [
  APPOINTMENT_STATUS.scheduled,
  APPOINTMENT_STATUS.inProgress,
];
/** The staff's moves: checked in, then done; or a no-show; or cancelled before it starts. */
export const APPOINTMENT_TRANSITIONS: Readonly<Record<AppointmentStatus, readonly AppointmentStatus[]>> = {
  Agendado: [APPOINTMENT_STATUS.inProgress, APPOINTMENT_STATUS.noShow, APPOINTMENT_STATUS.cancelled],
  'Em atendimento': [APPOINTMENT_STATUS.done],
  Concluído: [],
  'Não compareceu': [],
  Cancelado: [],
};
export const canMoveAppointment = (from: AppointmentStatus, to: AppointmentStatus): boolean =>
  APPOINTMENT_TRANSITIONS[from].includes(to);

/** Cards are approved at once; Pix and boleto stay pending until the bank pays, expire or are cancelled. */
export const PAYMENT_STATUS = {
  approved: 'Aprovado',
  pending: 'Pendente',
  expired: 'Expirado',
  cancelled: 'Cancelado',
  declined: 'Recusado',
  /** the card holder disputed it with their bank (chargeback) */
  chargedBack: 'Contestado',
  refundPending: 'Reembolso pendente',
  refunded: 'Reembolsado',
  partiallyRefunded: 'Parcialmente reembolsado',
  refundFailed: 'Reembolso falhou',
} as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];

/**
 * Who an account is. `admin` is the owner (everything, every store); `manager`, `reception` and
 * `professional` work in one or more stores and see what their job needs (API.md 'Staff, roles and stores').
 */
export const ROLES = {
  admin: 'admin',
  customer: 'customer',
  manager: 'manager',
  reception: 'reception',
  professional: 'professional',
} as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];

/** The roles of people who work in the shop, from the most powerful down. */
export const STAFF_ROLES = [ROLES.admin, ROLES.manager, ROLES.reception, ROLES.professional] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** Staff roles bound to stores (the owner has every store). */
export const STORE_ROLES = [ROLES.manager, ROLES.reception, ROLES.professional] as const;
export type StoreRole = (typeof STORE_ROLES)[number];
export const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/** The roles' names on screen. */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrador',
  customer: 'Cliente',
  manager: 'Gerente',
  reception: 'Atendente',
  professional: 'Profissional',
};

/** A service takes this many minutes: a whole number of 30-minute slots. */
export const SERVICE_DURATIONS = [30, 60, 90, 120] as const;
export type ServiceDuration = (typeof SERVICE_DURATIONS)[number];
export const SLOT_MINUTES = 30;
/** The day's last appointment ends by then. */
export const BUSINESS_DAY_END = '18:00';

/** Every 30 minutes from 08:00 to 17:30: 20 slots. */
export const APPOINTMENT_SLOTS: readonly string[] = Array.from({ length: 20 }, (_, i) => {
  const minutes = 8 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
