import { formatMoney } from '@petshop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type RefObject, useState } from 'react';
import { productByCodeQueryOptions } from '../../../api/pos';
import { messageOf } from '../../../lib/api-client';

export interface Line {
  productId: number;
  name: string;
  price: number;
  quantity: number;
}

/** The sale's total in reais, summed in cents. */
export const totalOf = (lines: readonly Line[]) =>
  lines.reduce((sum, l) => sum + Math.round(l.price * 100) * l.quantity, 0) / 100;

/** One more unit of the product: a line of its own the first time, one more on its line after. */
export const withOneMore = (lines: readonly Line[], product: { id: number; name: string; price: number }): Line[] => {
  const same = lines.find((l) => l.productId === product.id);
  if (same) return lines.map((l) => (l === same ? { ...l, quantity: l.quantity + 1 } : l));
  return [...lines, { productId: product.id, name: product.name, price: product.price, quantity: 1 }];
};

interface ScannerProps {
  scan: RefObject<HTMLInputElement | null>;
  onFound: (product: { id: number; name: string; price: number }) => void;
  onError: (message: string) => void;
}

/** The scanner's field: a USB reader types the digits and Enter (an EAN-13, or a product's own code). */
export function Scanner({ scan, onFound, onError }: ScannerProps) {
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const onKeyDown = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const digits = code.trim();
    setCode('');
    if (!/^\d+$/.test(digits)) return;
    try {
      onFound(await client.fetchQuery(productByCodeQueryOptions(digits)));
    } catch (e) {
      onError(messageOf(e, 'Produto não encontrado.'));
    }
  };
  return (
    <label className="pos-scan">
      Código de barras ou código do produto
      <input
        ref={scan}
        // biome-ignore lint/a11y/noAutofocus: the till's scanner types here
        autoFocus
        inputMode="numeric"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        onKeyDown={onKeyDown}
      />
    </label>
  );
}

/** What the sale holds so far, each line removable. */
export function SaleLines({ lines, onRemove }: { lines: readonly Line[]; onRemove: (line: Line) => void }) {
  if (lines.length === 0) return <p>Nenhum item. Passe o leitor no código de barras.</p>;
  return (
    <ul className="pos-lines" aria-label="Itens da venda">
      {lines.map((l) => (
        <li key={l.productId}>
          <span>
            {l.quantity} × {l.name}
          </span>
          <span>{formatMoney(l.price * l.quantity)}</span>
          <button type="button" onClick={() => onRemove(l)} aria-label={`Remover ${l.name}`}>
            ✕
          </button>
        </li>
      ))}
    </ul>
  );
}
