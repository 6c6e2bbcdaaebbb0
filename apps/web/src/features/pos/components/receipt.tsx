import { formatDateTime, formatMoney, type PosSaleView } from '@petshop/domain';

/** The sale's receipt, in São Paulo time whatever the till's clock zone; printed with the browser. */
export function Receipt({ sale, onNext }: { sale: PosSaleView; onNext: () => void }) {
  return (
    <div className="pos">
      <section className="pos-receipt" aria-label="Comprovante">
        <h2>PetCare — Comprovante</h2>
        <p>
          Venda #{sale.id} · {formatDateTime(sale.createdAt)}
        </p>
        {sale.cpf && <p>CPF: {sale.cpf}</p>}
        <ul>
          {sale.items.map((i) => (
            <li key={i.id}>
              {i.quantity} × {i.name} <span>{formatMoney(i.total)}</span>
            </li>
          ))}
        </ul>
        {sale.discount > 0 && <p>Desconto: {formatMoney(sale.discount)}</p>}
        <p>
          <strong>Total: {formatMoney(sale.total)}</strong>
        </p>
        {sale.payments.map((p) => (
          <p key={p.id}>
            {p.method}: {formatMoney(p.received ?? p.amount)}
            {p.nsu ? ` (NSU ${p.nsu})` : ''}
          </p>
        ))}
        <p>Troco: {formatMoney(sale.change)}</p>
        <p>Situação: {sale.status}</p>
      </section>
      <div className="pos-actions">
        <button type="button" className="pos-big" onClick={() => window.print()}>
          Imprimir
        </button>
        <button type="button" className="pos-big" onClick={onNext}>
          Nova venda
        </button>
      </div>
    </div>
  );
}
