import { formatMoney, type PaymentSummary } from '@petshop/domain';
import { Card } from '../../../components/ui/card';
import './payment-summary-table.css';

export function PaymentSummaryTable({ summary }: { summary: PaymentSummary['summary'] }) {
  return (
    <Card title="Resumo do pedido" titleId="payment-summary-title">
      <div className="payment-summary__scroll">
        <table className="payment-summary__table">
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
                <td>{item.quantity}</td>
                <td>{formatMoney(item.price)}</td>
                <td>{formatMoney(item.totalItemValue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
