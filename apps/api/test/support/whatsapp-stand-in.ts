import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WhatsappRequest {
  path: string;
  authorization: string | undefined;
  body: {
    messaging_product: string;
    to: string;
    type: string;
    template: { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] };
  };
}

/** Answers like the WhatsApp Cloud API's POST /{phone-number-id}/messages; `failWith` makes it refuse. */
export async function startWhatsappStandIn() {
  const requests: WhatsappRequest[] = [];
  const state = { failWith: 0 };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(raw) });
      res.setHeader('content-type', 'application/json');
      if (state.failWith) {
        res.statusCode = state.failWith;
        res.end(JSON.stringify({ error: { message: 'recusado', code: 131026 } }));
        return;
      }
      res.end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ wa_id: 'x' }],
          messages: [{ id: `wamid.${requests.length}` }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    requests,
    state,
    url: `http://127.0.0.1:${port}/v21.0`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
