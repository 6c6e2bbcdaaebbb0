import type { Product } from '@petshop/domain';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { PlusIcon } from '../../../components/ui/icons';
import { LoadingState } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { useDeleteProduct } from '../api/delete-product';
import { useAdminProducts } from '../api/get-admin-products';
import { ProductFormModal } from '../components/product-form-modal';
import { ProductsTable } from '../components/products-table';
import './admin-products-page.css';

type Editing = { mode: 'add' } | { mode: 'edit'; product: Product } | null;

/** /adminProducts: list, add, edit and delete products. */
export function AdminProductsPage() {
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useAdminProducts();
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const products = data?.pages.flatMap((page) => page.data) ?? [];
  const total = data?.pages.at(-1)?.meta?.total ?? products.length;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ message }) => {
        toast.success(message ?? 'Produto excluído com sucesso!');
        setDeleting(null);
      },
      onError: (failure) => toast.error(messageOf(failure, 'Erro ao excluir produto.')),
    });
  };

  return (
    <div className="admin-products-page">
      <div className="admin-products-page__header">
        <h1 className="admin-products-page__title">Produtos</h1>
        <Button onClick={() => setEditing({ mode: 'add' })}>
          <PlusIcon />
          Adicionar Produto
        </Button>
      </div>
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <FormAlert message={messageOf(error, 'Erro ao carregar produtos.')} />
      ) : products.length === 0 ? (
        <EmptyState message="Nenhum produto disponível." />
      ) : (
        <>
          <p className="admin-products-page__count" role="status">
            Mostrando {products.length} de {total} {total === 1 ? 'produto' : 'produtos'}
          </p>
          <ProductsTable
            products={products}
            onEdit={(product) => setEditing({ mode: 'edit', product })}
            onDelete={setDeleting}
          />
          {hasNextPage && (
            <div className="admin-products-page__more">
              <Button variant="secondary" loading={isFetchingNextPage} onClick={() => fetchNextPage()}>
                Carregar mais
              </Button>
            </div>
          )}
        </>
      )}
      {editing && (
        <ProductFormModal
          key={editing.mode === 'edit' ? editing.product.id : 'add'}
          product={editing.mode === 'edit' ? editing.product : undefined}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Confirmar Exclusão"
        message={deleting ? `Tem certeza de que deseja excluir o produto "${deleting.name}"?` : undefined}
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

export { AdminProductsPage as Component };
