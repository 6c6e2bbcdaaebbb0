import type { PosReturnView, PosSaleView } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { posSaleQueryOptions } from '../../../api/pos';
import { messageOf } from '../../../lib/api-client';
import { ReturnPicker } from './return-picker';
import { ReturnReceipt } from './return-receipt';

/** 'Devolução' at the till: find the sale by its number, pick what comes back, confirm, print. */
export function PosReturn({ onBack }: { onBack: () => void }) {
  const [number, setNumber] = useState('');
  const [saleId, setSaleId] = useState<number>();
  const [numberError, setNumberError] = useState('');
  // The sale as it was returned from: the receipt names its lines while the sale is read again.
  const [done, setDone] = useState<{ sale: PosSaleView; result: PosReturnView } | null>(null);
  // Always read afresh: what is left to return changes with every return.
  const lookup = useQuery({ ...posSaleQueryOptions(saleId), refetchOnMount: 'always' });

  const find = (event: FormEvent) => {
    event.preventDefault();
    const id = Number(number.replace(/\D/g, ''));
    setNumberError(id ? '' : 'Informe o número da venda (está no comprovante).');
    if (!id) return;
    if (id === saleId) void lookup.refetch();
    else setSaleId(id);
  };

  if (done) return <ReturnReceipt sale={done.sale} result={done.result} onBack={onBack} />;
  const looking = lookup.isFetching;
  const sale = looking ? undefined : lookup.data;
  const lookupError =
    numberError || (lookup.isError && !looking ? messageOf(lookup.error, 'Não foi possível buscar a venda.') : '');
  return (
    <div className="pos">
      <header className="pos-head">
        <h1>Devolução</h1>
        <button type="button" className="pos-big" onClick={onBack}>
          Voltar ao caixa
        </button>
      </header>
      <form className="pos-return-find" onSubmit={find} aria-label="Buscar venda">
        <label className="pos-scan">
          Número da venda
          <input
            // biome-ignore lint/a11y/noAutofocus: the till's first field, as the scanner's is
            autoFocus
            inputMode="numeric"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
          />
        </label>
        <button type="submit" className="pos-big" disabled={looking}>
          Buscar venda
        </button>
      </form>
      {looking && <p role="status">Buscando a venda…</p>}
      {lookupError && (
        <div role="alert" className="pos-return-error">
          <p>{lookupError}</p>
          {!numberError && (
            <button type="button" className="pos-big" onClick={() => void lookup.refetch()}>
              Tentar de novo
            </button>
          )}
        </div>
      )}
      {sale && <ReturnPicker key={sale.id} sale={sale} onReturned={(result) => setDone({ sale, result })} />}
    </div>
  );
}
