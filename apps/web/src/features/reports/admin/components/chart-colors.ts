import type { AppointmentStatus, OrderStatus } from '@petshop/domain';

/** Strong enough against white (3:1 or more) to tell the bars apart; the tables carry the numbers. */
export const CHART_PRIMARY = '#2f6f5e';

export const ORDER_STATUS_COLOURS: Record<OrderStatus, string> = {
  'Aguardando pagamento': '#b0620c',
  Processando: '#3b6fb6',
  Enviado: '#7a5aa6',
  'Pronto para retirada': '#2f6f5e',
  Entregue: '#2e7d32',
  Cancelado: '#5b6b70',
};

export const APPOINTMENT_STATUS_COLOURS: Record<AppointmentStatus, string> = {
  Agendado: '#3b6fb6',
  'Em atendimento': '#b0620c',
  Concluído: '#2e7d32',
  'Não compareceu': '#c0392b',
  Cancelado: '#5b6b70',
};
