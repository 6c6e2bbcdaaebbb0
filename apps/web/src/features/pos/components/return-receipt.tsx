import { formatDateTime, formatMoney, type PosReturnView, type PosSaleView } from '@petshop/domain';

/** The return's receipt, in São Paulo time whatever the till's clock zone. */
export function ReturnReceipt({
  sale,
  result,
  onBack,
}: {
  sale: PosSaleView;
  result: PosReturnView;
  onBack: () => void;
}) {
  const nameOf = (saleItemId: number) => sale.items.find((i) => i.id === saleItemId)?.name ?? `Item ${saleItemId}`;
  return (
    <div className="pos">
      <p role="status">Devolução registrada.</p>
      <section className="pos-receipt" aria-label="Comprovante de devolução">
        <h2>PetCare — Devolução</h2>
        <p>
          Devolução #{result.id} da venda #{result.saleId} · {formatDateTime(result.createdAt)}
        </p>
        <ul>
          {result.items.map((i) => (
            <li key={`${i.saleItemId}-${i.productId ?? ''}`}>
              {i.quantity} × {nameOf(i.saleItemId)} <span>{formatMoney(i.amount)}</span>
            </li>
          ))}
        </ul>
        <p>
          <strong>Total devolvido: {formatMoney(result.total)}</strong>
        </p>
        {result.refunds.map((r) => (
          <p key={r.method}>
            {r.method}: {formatMoney(r.amount)}
          </p>
        ))}
      </section>
      <div className="pos-actions">
        <button type="button" className="pos-big" onClick={() => window.print()}>
          Imprimir
        </button>
        <button type="button" className="pos-big" onClick={onBack}>
          Voltar ao caixa
        </button>
      </div>
    </div>
  );
}
