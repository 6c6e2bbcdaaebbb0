/** The PSP's payment_method_id as a customer reads it. */
const BRANDS: Record<string, string> = {
  master: 'Mastercard',
  debmaster: 'Mastercard Débito',
  visa: 'Visa',
  debvisa: 'Visa Débito',
  elo: 'Elo',
  debelo: 'Elo Débito',
  amex: 'American Express',
  hipercard: 'Hipercard',
};

export const brandName = (id: string) => BRANDS[id] ?? id.charAt(0).toUpperCase() + id.slice(1);
