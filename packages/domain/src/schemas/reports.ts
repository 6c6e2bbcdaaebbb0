import { z } from 'zod';
import { APPOINTMENT_STATUS, ORDER_STATUS } from '../constants';
import { addDays, isIsoDate } from '../slots';
import { idField } from './common';
import { calendarDate } from './dates';

/** The longest period one summary covers, first and last day included. */
export const REPORT_MAX_DAYS = 366;
/** A product with this many units or fewer is low on stock. */
export const LOW_STOCK_THRESHOLD = 5;
/** How many products each top list names. */
export const TOP_PRODUCTS_LIMIT = 10;

export const REPORT_RANGE_ORDER_MESSAGE = 'A data final deve ser igual ou posterior à data inicial.';
export const REPORT_RANGE_LENGTH_MESSAGE = `Escolha um período de no máximo ${REPORT_MAX_DAYS} dias.`;

/** Days from `from` to `to`, both included ('2026-01-01'..'2026-01-01' is 1). */
export const daysInRange = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Every date from `from` to `to`, both included. */
export const datesInRange = (from: string, to: string): string[] =>
  Array.from({ length: Math.max(0, daysInRange(from, to)) }, (_, i) => addDays(from, i));

const reportDate = (message: string) => calendarDate(message);

/**
 * GET /admin/reports/summary?from&to: São Paulo business days, both included; also the dashboard's
 * custom-period form.
 */
export const reportSummaryQuery = z
  .object({
    from: reportDate('Informe a data inicial válida (AAAA-MM-DD).'),
    to: reportDate('Informe a data final válida (AAAA-MM-DD).'),
    /** one store's figures; every store's (their sum) when left out */
    storeId: idField('Loja inválida.').optional(),
  })
  .superRefine(({ from, to }, ctx) => {
    if (!isIsoDate(from) || !isIsoDate(to)) return;
    if (from > to) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_RANGE_ORDER_MESSAGE });
    else if (daysInRange(from, to) > REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_RANGE_LENGTH_MESSAGE });
  });
export type ReportSummaryQuery = z.infer<typeof reportSummaryQuery>;

const money = z.number().describe('Reais com 2 casas decimais, somados em centavos exatos.');

const reportProduct = z.object({
  productId: z.number().nullable().describe('null: o produto foi excluído do catálogo'),
  name: z.string(),
  units: z.number(),
  revenue: money.describe('Soma de preço unitário × quantidade nos pedidos pagos (sem frete).'),
});
export type ReportProduct = z.infer<typeof reportProduct>;

const appointmentStatusCount = z.object({ status: z.enum(APPOINTMENT_STATUS), count: z.number() });

export const reportSummary = z
  .object({
    from: z.string(),
    to: z.string(),
    storeId: z
      .number()
      .nullable()
      .describe(
        'A loja do relatório; null: várias lojas (todas para o dono, as suas para o gerente; o total é a soma delas).',
      ),
    byStore: z
      .array(
        z.object({
          storeId: z.number(),
          name: z.string(),
          revenue: money,
          paidOrders: z.number(),
          appointments: z.number().describe('Agendamentos do período, exceto cancelados'),
        }),
      )
      .describe('Cada loja (ou só a pedida) com sua receita, pedidos pagos e agendamentos; revenue.total é a soma.'),
    revenue: z
      .object({
        total: money,
        paidOrders: z.number(),
        averageTicket: money
          .nullable()
          .describe('total ÷ pedidos pagos, arredondado ao centavo; null sem pedidos pagos'),
      })
      .describe(
        'Pedidos pagos: pagamento Aprovado e pedido não Cancelado. Cada um conta no dia (horário de São Paulo) em que ' +
          'foi pago, isto é, em que passou a Processando: na compra com cartão, na confirmação do banco para Pix e boleto. ' +
          'O valor é o total do pedido (produtos + frete).',
      ),
    servicesRevenue: z
      .object({
        total: money,
        done: z.number().describe('Agendamentos concluídos no período'),
      })
      .describe(
        'Serviços prestados: a soma dos preços (guardados no agendamento) dos agendamentos Concluído marcados para ' +
          'dias do período; pagos com crédito de pacote ou assinatura valem R$ 0.',
      ),
    totalRevenue: money.describe('revenue.total (pedidos pagos) + servicesRevenue.total (serviços concluídos).'),
    revenueByDay: z
      .array(z.object({ date: z.string(), revenue: money, orders: z.number() }))
      .describe('Um item por dia do período, dias sem venda com zero.'),
    ordersByStatus: z
      .array(z.object({ status: z.enum(ORDER_STATUS), count: z.number() }))
      .describe('Pedidos feitos no período (data da compra), pela situação atual; todas as situações, com zero.'),
    topProductsByUnits: z
      .array(reportProduct)
      .describe(
        `Até ${TOP_PRODUCTS_LIMIT} produtos dos pedidos pagos no período, por unidades (desempate: receita, nome).`,
      ),
    topProductsByRevenue: z
      .array(reportProduct)
      .describe(
        `Até ${TOP_PRODUCTS_LIMIT} produtos dos pedidos pagos no período, por receita (desempate: unidades, nome).`,
      ),
    appointmentsByStatus: z
      .array(appointmentStatusCount)
      .describe('Agendamentos marcados para dias do período, por situação; todas as situações, com zero.'),
    appointmentsByEmployee: z
      .array(
        z.object({
          employeeId: z.number(),
          name: z.string(),
          total: z.number(),
          byStatus: z.array(appointmentStatusCount),
        }),
      )
      .describe(
        'Por funcionário (os ativos sempre, com zero; os arquivados se tiveram agendamentos), mais agendamentos primeiro.',
      ),
    noShow: z
      .object({
        rate: z
          .number()
          .nullable()
          .describe('noShows ÷ finished, de 0 a 1 com 4 casas; null quando nenhum atendimento terminou'),
        noShows: z.number().describe('Agendamentos do período com situação Não compareceu'),
        finished: z.number().describe('Agendamentos terminados do período: Concluído + Não compareceu'),
      })
      .describe(
        'Taxa de não comparecimento: Não compareceu ÷ (Concluído + Não compareceu). Agendados, em atendimento e ' +
          'cancelados não entram.',
      ),
    lowStock: z
      .array(z.object({ id: z.number(), name: z.string(), stock: z.number() }))
      .describe(
        `Produtos do catálogo com ${LOW_STOCK_THRESHOLD} unidades ou menos (hoje, não no período), menor estoque primeiro.`,
      ),
  })
  .describe('Resumo do período para o painel do admin.');
export type ReportSummary = z.infer<typeof reportSummary>;
