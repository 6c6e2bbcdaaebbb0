import type { FastifyInstance } from 'fastify';
import { boletoPdf } from './boleto-pdf';
import { type MercadoPagoState, mpError } from './mercadopago-state';

/** The stand-in's own pages: the boleto's PDF and the issuer's 3-D Secure challenge. */
export function pageRoutes(api: FastifyInstance, state: MercadoPagoState) {
  const { payments, challenges, sameSecret, settle } = state;
  // The stand-in's own pages and controls: not part of the PSP's API.
  api.get<{ Params: { id: string } }>('/sandbox/boletos/:id.pdf', async (request, reply) => {
    const payment = payments.get(Number(request.params.id));
    if (!payment?.transaction_details.digitable_line) return mpError(reply, 404, 'Boleto not found', 'not_found');
    return reply
      .type('application/pdf')
      .send(
        boletoPdf(
          payment.transaction_details.digitable_line,
          payment.transaction_amount,
          payment.date_of_expiration ?? '',
        ),
      );
  });
  // The issuer's challenge page, as the browser opens it (the creq posted to it): a test
  // cardholder approves or refuses, and the PSP notifies the shop.
  const challengePage = (id: string, creq: string, returnUrl: string) => `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Confirmação do banco (ambiente de testes)</title>
<style>body{font-family:system-ui,sans-serif;margin:16px;color:#1f2a2e}button{min-height:44px;margin:4px 8px 0 0;padding:0 16px;font:inherit}</style>
</head><body><main><h1 style="font-size:1.1rem">Banco emissor — ambiente de testes</h1>
<p>Confirme a compra com o cartão. Nenhum pagamento é real.</p>
<form method="post" action="${id}/decision"><input type="hidden" name="creq" value="${creq.replace(/[^\w-]/g, '')}"><input type="hidden" name="return_url" value="${returnUrl}">
<button name="decision" value="approve">Confirmar compra</button><button name="decision" value="reject">Recusar</button></form>
</main></body></html>`;
  /** Only a path of the shop that opened the challenge (no other site), made safe for HTML. */
  const shopPath = (value: unknown) => {
    const path = typeof value === 'string' ? value : '';
    return /^\/(?!\/)[\w/-]{0,200}$/.test(path) ? path : '';
  };
  /**
   * The pending challenge of this id whose creq is the one given: what only its payer holds. No
   * creq, a wrong one or an unknown id are alike: not found.
   */
  const pendingChallenge = (id: string, creq: unknown) => {
    const paymentId = challenges.get(id);
    const payment = paymentId === undefined ? undefined : payments.get(paymentId);
    if (payment?.status_detail !== 'pending_challenge' || typeof creq !== 'string') return undefined;
    return sameSecret(creq, payment.three_ds_info?.creq ?? '') ? payment : undefined;
  };
  // The browser's form post of the creq shows the page; there is no page for a plain GET.
  api.post<{ Params: { id: string } }>('/sandbox/3ds/:id', async (request, reply) => {
    const body = (request.body ?? {}) as { creq?: unknown; return_url?: unknown };
    const payment = pendingChallenge(request.params.id, body.creq);
    if (!payment) return mpError(reply, 404, 'Challenge not found', 'not_found');
    return reply
      .type('text/html; charset=utf-8')
      .send(challengePage(request.params.id, String(body.creq), shopPath(body.return_url)));
  });
  api.post<{ Params: { id: string } }>('/sandbox/3ds/:id/decision', async (request, reply) => {
    const body = (request.body ?? {}) as { decision?: unknown; creq?: unknown; return_url?: unknown };
    const payment = pendingChallenge(request.params.id, body.creq);
    if (!payment) return mpError(reply, 404, 'Challenge not found', 'not_found');
    const back = shopPath(body.return_url);
    const approved = body.decision === 'approve';
    settle(payment.id, approved ? 'approved' : 'rejected', approved ? undefined : 'cc_rejected_3ds_challenge');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Banco emissor</title></head><body><main><p role="status">${
          approved ? 'Compra confirmada.' : 'Compra recusada.'
        }</p>${back ? `<p><a href="${back}">Voltar à loja</a></p>` : ''}</main></body></html>`,
      );
  });
}
