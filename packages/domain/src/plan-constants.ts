/** How often a plan's service happens and is charged (API.md 'Packages and plans'). */
export const PLAN_FREQUENCIES = ['SEMANAL', 'QUINZENAL', 'MENSAL'] as const;
export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];

export const PLAN_FREQUENCY_LABELS: Readonly<Record<PlanFrequency, string>> = {
  SEMANAL: 'Semanal',
  QUINZENAL: 'Quinzenal',
  MENSAL: 'Mensal',
};

/** Days between two appointments of a plan; MENSAL books every 4 weeks on the same weekday. */
export const PLAN_INTERVAL_DAYS: Readonly<Record<PlanFrequency, number>> = { SEMANAL: 7, QUINZENAL: 14, MENSAL: 28 };

/** How many weeks ahead a subscription keeps its appointments booked. */
export const SUBSCRIPTION_WEEKS_AHEAD = 8;

export const SUBSCRIPTION_PAYMENT_METHODS = ['Pix Automático', 'Cartão de Crédito'] as const;
export type SubscriptionPaymentMethod = (typeof SUBSCRIPTION_PAYMENT_METHODS)[number];

export const SUBSCRIPTION_STATUS = {
  /** Pix Automático not yet authorised in the payer's bank app */
  awaiting: 'Aguardando autorização',
  active: 'Ativa',
  paused: 'Pausada',
  /** the last retry of a cycle failed: future appointments released */
  suspended: 'Suspensa',
  cancelled: 'Cancelada',
} as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUS)[keyof typeof SUBSCRIPTION_STATUS];

export const CYCLE_STATUS = {
  pending: 'Pendente',
  charged: 'Cobrança enviada',
  paid: 'Paga',
  failed: 'Falhou',
  cancelled: 'Cancelada',
} as const;
export type CycleStatus = (typeof CYCLE_STATUS)[keyof typeof CYCLE_STATUS];
