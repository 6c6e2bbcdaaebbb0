import { LOW_STOCK_THRESHOLD, type ReportSummary } from '@petshop/domain';
import { Link } from 'react-router';
import { Card } from '../../../../components/ui/card';
import { EmptyState } from '../../../../components/ui/empty-state';
import { EditIcon } from '../../../../components/ui/icons';
import '../../../../components/ui/stacked-table.css';
import { formatCount } from '../report-format';

/** Products with few units left, each linked to its edit form. */
export function LowStockTable({ products }: { products: ReportSummary['lowStock'] }) {
  return (
    <Card title={`Estoque baixo (até ${LOW_STOCK_THRESHOLD} unidades)`} titleId="dashboard-low-stock">
      {products.length === 0 ? (
        <EmptyState message="Nenhum produto com estoque baixo." />
      ) : (
        <table className="stacked-table" aria-labelledby="dashboard-low-stock">
          <thead>
            <tr>
              <th scope="col">Produto</th>
              <th scope="col">Estoque</th>
              <th scope="col">
                <span className="visually-hidden">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {products.map((product) => (
              <tr key={product.id}>
                <td>{product.name}</td>
                <td data-label="Estoque">{product.stock === 0 ? 'Esgotado' : formatCount(product.stock)}</td>
                <td>
                  <Link
                    to={`/adminProducts?edit=${product.id}`}
                    className="dashboard-edit-link"
                    aria-label={`Editar ${product.name}`}
                  >
                    <EditIcon size={18} />
                    Editar
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
