import { formatMoney, type Product } from '@petshop/domain';
import { type Column, DataTable } from '../../../../components/ui/data-table';
import { IconButton } from '../../../../components/ui/icon-button';
import { EditIcon, TrashIcon } from '../../../../components/ui/icons';

const columns: Column<Product>[] = [
  { label: 'Nome', cell: (product) => product.name },
  { label: 'Preço', cell: (product) => formatMoney(product.price) },
  { label: 'Estoque', cell: (product) => product.stock },
];

interface ProductsTableProps {
  products: Product[];
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}

export function ProductsTable({ products, onEdit, onDelete }: ProductsTableProps) {
  return (
    <DataTable
      rows={products}
      rowKey={(product) => product.id}
      columns={columns}
      actions={(product) => (
        <>
          <IconButton aria-label={`Editar ${product.name}`} onClick={() => onEdit(product)}>
            <EditIcon />
          </IconButton>
          <IconButton aria-label={`Excluir ${product.name}`} variant="danger" onClick={() => onDelete(product)}>
            <TrashIcon />
          </IconButton>
        </>
      )}
    />
  );
}
