import { formatMoney, type Product } from '@petshop/domain';
import { IconButton } from '../../../../components/ui/icon-button';
import { EditIcon, TrashIcon } from '../../../../components/ui/icons';
import '../../../../components/ui/data-table.css';

interface ProductsTableProps {
  products: Product[];
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}

/** Nome, Preço, Estoque; rows become stacked cards at 600 px or narrower. */
export function ProductsTable({ products, onEdit, onDelete }: ProductsTableProps) {
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th scope="col">Nome</th>
          <th scope="col">Preço</th>
          <th scope="col">Estoque</th>
          <th scope="col">
            <span className="visually-hidden">Ações</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {products.map((product) => (
          <tr key={product.id}>
            <th scope="row" data-label="Nome">
              {product.name}
            </th>
            <td data-label="Preço">{formatMoney(product.price)}</td>
            <td data-label="Estoque">{product.stock}</td>
            <td className="data-table__actions">
              <IconButton aria-label={`Editar ${product.name}`} onClick={() => onEdit(product)}>
                <EditIcon />
              </IconButton>
              <IconButton aria-label={`Excluir ${product.name}`} variant="danger" onClick={() => onDelete(product)}>
                <TrashIcon />
              </IconButton>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
