import { formatMoney, type PaymentSummary } from '@petshop/domain';
import { Card } from '../../../components/ui/card';
import '../../../components/ui/stacked-table.css';
import './payment-summary-table.css';

export function PaymentSummaryTable({ summary }: { summary: PaymentSummary['summary'] }) {
  return (
    <Card title="Resumo do pedido" titleId="payment-summary-title">
      <table className="stacked-table">
        <thead>
          <tr>
            <th scope="col">Produtos</th>
            <th scope="col">Quantidade</th>
            <th scope="col">Preço Unitário</th>
            <th scope="col">Valor Total</th>
          </tr>
        </thead>
        <tbody>
          {summary.items.map((item) => (
            <tr key={item.productName}>
              <td>{item.productName}</td>
              <td data-label="Quantidade">{item.quantity}</td>
              <td data-label="Preço Unitário">{formatMoney(item.price)}</td>
              <td data-label="Valor Total">{formatMoney(item.totalItemValue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="payment-summary__totals">
        <div>
          <dt>Total de Itens</dt>
          <dd>{summary.totalItems}</dd>
        </div>
        <div>
          <dt>Valor do pedido</dt>
          <dd>{formatMoney(summary.totalValue)}</dd>
        </div>
      </dl>
    </Card>
  );
}
