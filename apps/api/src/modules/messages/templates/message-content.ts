import { formatDate, formatDateTime, formatMoney, fromCents } from '@petshop/domain';
import type { AppointmentPayload, MessageKind, OrderPayload, PayloadByKind } from '../message-kinds';
import type { MessageContent } from './layout';

export interface RenderContext {
  appUrl: string;
  /** the opened token of a message's link: password-reset, staff-invite and account-unlock only */
  resetToken?: string;
}

const hello = (name: string) => `Olá, ${name.split(' ')[0] || name}!`;
const when = (a: AppointmentPayload) => `${formatDate(a.date)} às ${a.time}`;
const money = (cents: number) => formatMoney(fromCents(cents));

const orderDetails = (o: OrderPayload): [string, string][] => [
  ...o.items.map((i): [string, string] => [`${i.quantity}× ${i.name}`, money(i.unitPriceCents * i.quantity)]),
  ['Total', money(o.totalCents)],
  ['Pagamento', o.paymentMethod],
];

const appointmentDetails = (a: AppointmentPayload): [string, string][] => [
  ['Serviço', a.serviceName],
  ['Pet', a.petName],
  ['Profissional', a.employeeName],
  ['Data e horário', when(a)],
];

const ordersLink = (ctx: RenderContext) => ({ label: 'Ver meus pedidos', url: `${ctx.appUrl}/user` });
const appointmentsLink = (ctx: RenderContext) => ({ label: 'Ver meus agendamentos', url: `${ctx.appUrl}/user` });

type Builders = { [K in MessageKind]: (payload: PayloadByKind[K], ctx: RenderContext) => MessageContent };

const builders: Builders = {
  'account-created': (p, ctx) => ({
    subject: 'Bem-vindo(a) à PetCare!',
    greeting: hello(p.name),
    paragraphs: ['Sua conta foi criada. Agora você pode comprar produtos e agendar serviços para o seu pet.'],
    action: { label: 'Ir para a loja', url: `${ctx.appUrl}/home` },
    footer: 'Se não foi você quem criou esta conta, responda a este e-mail ou fale com a loja.',
  }),
  'password-reset': (p, ctx) => ({
    subject: 'Redefinição de senha',
    greeting: hello(p.name),
    paragraphs: [
      'Recebemos um pedido para redefinir a senha da sua conta.',
      `O link vale até ${formatDateTime(p.expiresAt)} e pode ser usado uma única vez.`,
    ],
    action: ctx.resetToken
      ? {
          label: 'Criar nova senha',
          url: `${ctx.appUrl}/reset-password?token=${encodeURIComponent(ctx.resetToken)}`,
        }
      : undefined,
    footer: 'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.',
  }),
  'staff-invite': (p, ctx) => ({
    subject: 'Seu acesso à equipe PetCare',
    greeting: hello(p.name),
    paragraphs: [
      `Você foi convidado(a) para a equipe como ${p.roleLabel}${p.storeNames.length ? ` (${p.storeNames.join(', ')})` : ''}.`,
      p.accept
        ? `Nada muda na sua conta até você aceitar pelo link abaixo; você continua entrando com a senha que já usa. O link vale até ${formatDateTime(p.expiresAt)} e pode ser usado uma única vez.`
        : `Crie sua senha pelo link abaixo. Ele vale até ${formatDateTime(p.expiresAt)} e pode ser usado uma única vez.`,
    ],
    action: ctx.resetToken
      ? p.accept
        ? {
            label: 'Aceitar convite',
            url: `${ctx.appUrl}/accept-invitation?token=${encodeURIComponent(ctx.resetToken)}`,
          }
        : {
            label: 'Criar minha senha',
            url: `${ctx.appUrl}/reset-password?token=${encodeURIComponent(ctx.resetToken)}`,
          }
      : undefined,
    footer: p.accept
      ? 'Se você não esperava este convite, ignore este e-mail: nada muda na sua conta.'
      : 'Se você não esperava este convite, ignore este e-mail.',
  }),
  'account-unlock': (p, ctx) => ({
    subject: 'Tentativas de login na sua conta',
    greeting: hello(p.name),
    paragraphs: [
      'Recebemos muitas tentativas de login com senha errada na sua conta, vindas de aparelhos onde você nunca entrou. Por segurança, o login por aparelhos novos ficou mais lento.',
      'Nos aparelhos onde você já entrou antes, o login continua normal. Para entrar neste aparelho sem esperar, abra o link abaixo e depois entre com sua senha.',
      `O link vale até ${formatDateTime(p.expiresAt)}.`,
    ],
    action: ctx.resetToken
      ? {
          label: 'Liberar este aparelho',
          url: `${ctx.appUrl}/api/auth/device?token=${encodeURIComponent(ctx.resetToken)}`,
        }
      : undefined,
    footer: 'Se não foi você, considere trocar sua senha. Ninguém entra na sua conta sem ela.',
  }),
  'password-changed': (p, ctx) => ({
    subject: 'Sua senha foi alterada',
    greeting: hello(p.name),
    paragraphs: [
      `A senha da sua conta foi alterada em ${formatDateTime(p.changedAt)}. As outras sessões abertas foram encerradas.`,
    ],
    action: { label: 'Esqueci minha senha', url: `${ctx.appUrl}/forgot-password` },
    footer: 'Se não foi você, redefina a senha agora pelo link acima.',
  }),
  'order-created': (p, ctx) => ({
    subject: `Pedido nº ${p.orderId} recebido`,
    greeting: hello(p.name),
    paragraphs: p.pixCode
      ? [
          `Recebemos o seu pedido nº ${p.orderId}. Ele aguarda o pagamento do Pix${p.expiresAt ? ` até ${formatDateTime(p.expiresAt)}` : ''}.`,
        ]
      : [`Recebemos o seu pedido nº ${p.orderId}.`],
    details: orderDetails(p),
    copyBlock: p.pixCode ? { label: 'Pix copia e cola', value: p.pixCode } : undefined,
    action: ordersLink(ctx),
  }),
  'order-paid': (p, ctx) => ({
    subject: `Pagamento do pedido nº ${p.orderId} confirmado`,
    greeting: hello(p.name),
    paragraphs: [`O pagamento do pedido nº ${p.orderId} foi confirmado e ele já está sendo preparado.`],
    details: orderDetails(p),
    action: ordersLink(ctx),
  }),
  'order-cancelled': (p, ctx) => ({
    subject: `Pedido nº ${p.orderId} cancelado`,
    greeting: hello(p.name),
    paragraphs: [`O pedido nº ${p.orderId} foi cancelado.`],
    details: orderDetails(p),
    action: ordersLink(ctx),
  }),
  'order-expired': (p, ctx) => ({
    subject: `Pedido nº ${p.orderId} expirado`,
    greeting: hello(p.name),
    paragraphs: [
      `O prazo de pagamento do pedido nº ${p.orderId} terminou sem confirmação, e ele foi cancelado. Nada foi cobrado.`,
    ],
    details: orderDetails(p),
    action: ordersLink(ctx),
  }),
  'order-refunded': (p, ctx) => ({
    subject: `Reembolso do pedido nº ${p.orderId}`,
    greeting: hello(p.name),
    paragraphs: [
      p.refundKind === 'card'
        ? `Devolvemos ${money(p.refundCents)} do pedido nº ${p.orderId} ao seu cartão. O estorno aparece na fatura em até duas faturas, conforme o banco emissor.`
        : p.refundKind === 'pix'
          ? `Devolvemos ${money(p.refundCents)} do pedido nº ${p.orderId} por Pix à conta que pagou.`
          : `Vamos devolver ${money(p.refundCents)} do pedido nº ${p.orderId} por transferência. A loja entra em contato para combinar a conta.`,
    ],
    details: orderDetails(p),
    action: ordersLink(ctx),
  }),
  'order-charged-back': (p, ctx) => ({
    subject: `Contestação no pedido nº ${p.orderId}`,
    greeting: 'Olá!',
    paragraphs: [
      `O pagamento do pedido nº ${p.orderId} (${money(p.totalCents)}) foi contestado pelo titular do cartão junto ao banco emissor. Confira o pedido e responda à contestação no painel do PSP.`,
    ],
    details: orderDetails(p),
    action: { label: 'Ver vendas', url: `${ctx.appUrl}/adminSales` },
  }),
  'order-delivered': (p, ctx) => ({
    subject: `Pedido nº ${p.orderId} entregue`,
    greeting: hello(p.name),
    paragraphs: [`O pedido nº ${p.orderId} foi entregue. Obrigado por comprar na PetCare!`],
    details: orderDetails(p),
    action: ordersLink(ctx),
  }),
  'appointment-booked': (p, ctx) => ({
    subject: `Agendamento confirmado: ${p.serviceName} em ${when(p)}`,
    greeting: hello(p.name),
    paragraphs: [`O agendamento de ${p.petName} está confirmado.`],
    details: appointmentDetails(p),
    action: appointmentsLink(ctx),
  }),
  'appointment-moved': (p, ctx) => ({
    subject: `Agendamento remarcado para ${when(p)}`,
    greeting: hello(p.name),
    paragraphs: [`O agendamento de ${p.petName} foi remarcado.`],
    details: appointmentDetails(p),
    action: appointmentsLink(ctx),
  }),
  'appointment-cancelled': (p, ctx) => ({
    subject: `Agendamento de ${formatDate(p.date)} cancelado`,
    greeting: hello(p.name),
    paragraphs: [`O agendamento de ${p.petName} foi cancelado.`],
    details: appointmentDetails(p),
    action: { label: 'Agendar de novo', url: `${ctx.appUrl}/services` },
  }),
  'appointment-reminder': (p, ctx) => ({
    subject: `Lembrete: ${p.serviceName} em ${when(p)}`,
    greeting: hello(p.name),
    paragraphs: [`Lembrete do agendamento de ${p.petName}. Esperamos vocês!`],
    details: appointmentDetails(p),
    action: appointmentsLink(ctx),
    footer: 'Não vai poder vir? Cancele ou remarque pelo site para liberar o horário.',
  }),
  'vaccine-due': (p, ctx) => ({
    subject: `Vacina de ${p.petName} vence em ${formatDate(p.dueOn)}`,
    greeting: hello(p.name),
    paragraphs: [`A vacina ${p.vaccineName} de ${p.petName} vence em ${formatDate(p.dueOn)}.`],
    action: { label: 'Agendar um horário', url: `${ctx.appUrl}/services` },
  }),
  'subscription-charge-failed': (p, ctx) => ({
    subject: `Não conseguimos cobrar a assinatura ${p.planName}`,
    greeting: hello(p.name),
    paragraphs: [
      `A cobrança de ${money(p.amountCents)} da assinatura de ${p.petName} (${formatDate(p.dueOn)}) não foi paga.`,
      p.retryOn
        ? `Vamos tentar de novo em ${formatDate(p.retryOn)}. Confira o saldo ou o limite da conta.`
        : 'Confira o saldo ou o limite da conta.',
    ],
    details: [
      ['Plano', p.planName],
      ['Pagamento', p.paymentMethod],
    ],
    action: { label: 'Ver minha assinatura', url: `${ctx.appUrl}/user` },
  }),
  'subscription-suspended': (p, ctx) => ({
    subject: `Assinatura ${p.planName} suspensa`,
    greeting: hello(p.name),
    paragraphs: [
      p.chargedBack
        ? `O pagamento de ${money(p.amountCents)} (${formatDate(p.dueOn)}) foi contestado junto ao banco emissor do cartão e a assinatura de ${p.petName} foi suspensa.`
        : `Depois de todas as tentativas, a cobrança de ${money(p.amountCents)} (${formatDate(p.dueOn)}) não foi paga e a assinatura de ${p.petName} foi suspensa.`,
      'Os próximos horários foram liberados. Você pode reativar a assinatura pela sua conta.',
    ],
    details: [
      ['Plano', p.planName],
      ['Pagamento', p.paymentMethod],
    ],
    action: { label: 'Ver minha assinatura', url: `${ctx.appUrl}/user` },
  }),
  'subscription-charged-back': (p, ctx) => ({
    subject: `Contestação na assinatura nº ${p.subscriptionId}`,
    greeting: 'Olá!',
    paragraphs: [
      `O pagamento de ${money(p.amountCents)} do ciclo de ${formatDate(p.dueOn)} da assinatura nº ${p.subscriptionId} (${p.planName}, ${p.petName}) foi contestado pelo titular do cartão junto ao banco emissor. A assinatura foi suspensa e os próximos horários liberados; responda à contestação no painel do PSP.`,
    ],
    details: [
      ['Plano', p.planName],
      ['Pagamento', p.paymentMethod],
    ],
    action: { label: 'Ver assinaturas', url: `${ctx.appUrl}/adminPlans` },
  }),
  'credits-expiring': (p, ctx) => ({
    subject: `Créditos de ${p.petName} vencem em ${formatDate(p.expiresOn)}`,
    greeting: hello(p.name),
    paragraphs: [
      `${p.petName} ainda tem ${p.remaining === 1 ? '1 crédito' : `${p.remaining} créditos`} do pacote ${p.packageName}, válidos até ${formatDate(p.expiresOn)}.`,
      'Agende antes dessa data para não perder.',
    ],
    action: { label: 'Agendar um horário', url: `${ctx.appUrl}/services` },
  }),
};

export function messageContent<K extends MessageKind>(
  kind: K,
  payload: PayloadByKind[K],
  ctx: RenderContext,
): MessageContent {
  return builders[kind](payload, ctx);
}

/** WhatsApp Cloud API template messages: an approved template name and its body parameters, in order. */
export function whatsappTemplate<K extends MessageKind>(kind: K, payload: PayloadByKind[K]) {
  const p = payload as PayloadByKind[MessageKind];
  const params: string[] = [p.name.split(' ')[0] || p.name];
  if ('orderId' in p) params.push(String(p.orderId), money(p.totalCents));
  if ('appointmentId' in p) params.push(p.petName, p.serviceName, when(p));
  if ('vaccineName' in p) params.push(p.petName, p.vaccineName, formatDate(p.dueOn));
  if ('creditId' in p) params.push(p.petName, p.packageName, String(p.remaining), formatDate(p.expiresOn));
  if (kind === 'order-created' && 'pixCode' in p && p.pixCode) params.push(p.pixCode);
  return { name: `petcare_${kind.replace(/-/g, '_')}`, language: 'pt_BR', params };
}
