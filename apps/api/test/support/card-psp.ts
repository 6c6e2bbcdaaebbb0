/** The credentials the shop and the Mercado Pago stand-in share in tests. */
export const CARD_PSP = {
  accessToken: 'TEST-0000000000000000-000000-stand-in-access-token',
  publicKey: 'TEST-stand-in-public-key',
  webhookSecret: 'segredo-do-webhook-de-cartao-123',
};
