/** The PSP's reasons for refusing a card (status_detail), as the customer reads them. */
const REASONS: Record<string, string> = {
  cc_rejected_insufficient_amount: 'Saldo insuficiente.',
  cc_rejected_bad_filled_security_code: 'Código de segurança inválido.',
  cc_rejected_bad_filled_date: 'Data de validade inválida.',
  cc_rejected_bad_filled_card_number: 'Número do cartão inválido.',
  cc_rejected_bad_filled_other: 'Confira os dados do cartão.',
  cc_rejected_call_for_authorize:
    'O banco emissor pede que você autorize este pagamento. Ligue para ele e tente de novo.',
  cc_rejected_card_disabled: 'Cartão inativo. Ligue para o banco emissor para ativá-lo.',
  cc_rejected_duplicated_payment:
    'Você já fez um pagamento deste valor. Use outro cartão ou outro método de pagamento.',
  cc_rejected_invalid_installments: 'O cartão não aceita esse número de parcelas.',
  cc_rejected_max_attempts: 'Você atingiu o limite de tentativas. Use outro cartão ou outro método de pagamento.',
  cc_rejected_high_risk: 'Pagamento recusado por segurança. Use outro cartão ou outro método de pagamento.',
  cc_rejected_blacklist: 'Pagamento recusado por segurança. Use outro cartão ou outro método de pagamento.',
  cc_rejected_card_error: 'O cartão não pôde ser processado. Tente outro cartão.',
};

export const CARD_REFUSED = 'Pagamento recusado pelo banco emissor. Use outro cartão ou outro método de pagamento.';

export const rejectionMessage = (detail: string | undefined) => (detail && REASONS[detail]) || CARD_REFUSED;
