import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { paymentsConfigQueryOptions } from '../../../api/payments';
import type { CardFieldsProps } from '../../../components/charge/card-handle';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { getData } from '../../../lib/api-client';
import './card-fields.css';

const digits = (value: string) => value.replace(/\D/g, '');

/** The brand (the PSP's payment_method_id) by the number's first digits. */
export function brandOf(number: string, debit: boolean): { id: string; name: string } | undefined {
  const n = digits(number);
  if (/^(506776|4011|4389|5041|5066|5067|509)/.test(n)) return { id: debit ? 'debelo' : 'elo', name: 'Elo' };
  if (/^3[47]/.test(n)) return { id: 'amex', name: 'American Express' };
  if (/^4/.test(n)) return { id: debit ? 'debvisa' : 'visa', name: 'Visa' };
  if (/^(5[1-5]|2[2-7]|503)/.test(n)) return { id: debit ? 'debmaster' : 'master', name: 'Mastercard' };
  return undefined;
}

const groupNumber = (value: string) =>
  digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
const maskExpiry = (value: string) => {
  const d = digits(value).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
};
const maskCpf = (value: string) =>
  digits(value)
    .slice(0, 11)
    .replace(/(\d{3})(\d)/, '$1.$2')
    .replace(/(\d{3})(\d)/, '$1.$2')
    .replace(/(\d{3})(\d{1,2})$/, '$1-$2');

/**
 * Number, name, expiry, CVV and the holder's CPF, with the installments the PSP offers for the
 * amount. The card goes from this browser to the PSP's /v1/card_tokens; the shop's API only ever
 * sees the token. Loaded only when a card is chosen.
 */
export default function CardFields({ amount, debit, onReady, recurring = false }: CardFieldsProps) {
  const config = useQuery(paymentsConfigQueryOptions());
  const [number, setNumber] = useState('');
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvv, setCvv] = useState('');
  const [cpf, setCpf] = useState('');
  const [installments, setInstallments] = useState('1');
  const brand = brandOf(number, debit);
  const options = useQuery({
    queryKey: ['installments', amount, brand?.id ?? ''],
    queryFn: getData('/payments/installments', {
      query: { amount: Number(amount.toFixed(2)), paymentMethodId: brand?.id ?? '' },
    }),
    enabled: Boolean(brand) && amount > 0 && !recurring,
  });

  useEffect(() => {
    const card = config.data?.card;
    if (!card) return onReady(undefined);
    onReady({
      async tokenize() {
        const [month, year] = expiry.split('/');
        if (!brand) throw new Error('Número do cartão inválido.');
        if (!month || !year || Number(month) < 1 || Number(month) > 12) throw new Error('Validade inválida (MM/AA).');
        const url = new URL(card.tokenizeUrl, window.location.origin);
        url.searchParams.set('public_key', card.publicKey);
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            card_number: digits(number),
            expiration_month: Number(month),
            expiration_year: 2000 + Number(year),
            security_code: digits(cvv),
            cardholder: { name: name.trim(), identification: { type: 'CPF', number: digits(cpf) } },
          }),
        }).catch(() => undefined);
        if (!res?.ok) throw new Error('Confira os dados do cartão: a operadora não os aceitou.');
        const token = (await res.json()) as { id: string };
        return {
          token: token.id,
          installments: debit || recurring ? 1 : Number(installments),
          paymentMethodId: brand.id,
        };
      },
    });
  }, [config.data, number, name, expiry, cvv, cpf, installments, brand, debit, recurring, onReady]);

  return (
    // Explicit ids: the ids a lazily loaded part generates may repeat those of the form around it.
    <fieldset className="card-fields">
      <legend>Dados do cartão</legend>
      <TextField
        label="Número do cartão"
        id="card-number"
        inputMode="numeric"
        autoComplete="cc-number"
        value={number}
        onValueChange={(value) => setNumber(groupNumber(value))}
        hint={brand ? `Bandeira: ${brand.name}` : undefined}
        required
      />
      <TextField
        label="Nome impresso no cartão"
        id="card-name"
        autoComplete="cc-name"
        value={name}
        onValueChange={setName}
        required
      />
      <div className="card-fields__row">
        <TextField
          label="Validade (MM/AA)"
          id="card-expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/AA"
          value={expiry}
          onValueChange={(value) => setExpiry(maskExpiry(value))}
          required
        />
        <TextField
          label="CVV"
          id="card-cvv"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={cvv}
          onValueChange={(value) => setCvv(digits(value).slice(0, 4))}
          required
        />
      </div>
      <TextField
        label="CPF do titular"
        id="card-cpf"
        inputMode="numeric"
        value={cpf}
        onValueChange={(value) => setCpf(maskCpf(value))}
        required
      />
      {!debit && !recurring && (
        <Select
          label="Parcelas"
          id="card-installments"
          value={installments}
          onValueChange={setInstallments}
          hint={brand ? undefined : 'Digite o número do cartão para ver as parcelas.'}
        >
          {(
            options.data ?? [{ installments: 1, label: 'À vista', installmentAmount: amount, totalAmount: amount }]
          ).map((option) => (
            <option key={option.installments} value={option.installments}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </fieldset>
  );
}
