// Apart from the schemas, so a screen that only shows one of these texts does not load zod.
/** SPEC section 5: cart, address or payment method missing. */
export const PAYMENT_MISSING_MESSAGE = 'Por favor, selecione um endereço e um método de pagamento para o pagamento.';
export const PAYMENT_SUCCESS_MESSAGE = 'Pagamento realizado com sucesso!';
/** A Pix or boleto issued: the order waits for the bank. */
export const PIX_WAITING_MESSAGE = 'Pedido criado! Ele aguarda o pagamento do Pix para ser processado.';
export const BOLETO_WAITING_MESSAGE = 'Pedido criado! Ele aguarda o pagamento do boleto para ser processado.';
