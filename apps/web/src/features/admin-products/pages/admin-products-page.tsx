import type { Product } from '@petshop/domain';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { adminProductsQueryOptions, deleteProductMutation } from '../../../api/catalog';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PlusIcon } from '../../../components/ui/icons';
import { ListPage } from '../../../components/ui/list-page';
import { ListSearch } from '../../../components/ui/list-search';
import { messageOf } from '../../../lib/api-client';
import { ProductFormModal } from '../components/product-form-modal';
import { ProductsTable } from '../components/products-table';

type Editing = { mode: 'add' } | { mode: 'edit'; product: Product } | null;

/** /adminProducts: list, add, edit and delete products. */
export function AdminProductsPage() {
  const [term, setTerm] = useState('');
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    adminProductsQueryOptions(term),
  );
  const remove = useMutation(deleteProductMutation());
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
    <>
      <ListPage
        title="Produtos"
        search={<ListSearch label="Buscar produtos" placeholder="Nome do produto" onSearch={setTerm} />}
        actions={
          <Button onClick={() => setEditing({ mode: 'add' })}>
            <PlusIcon />
            Adicionar Produto
          </Button>
        }
        isPending={isPending}
        isError={isError}
        errorMessage={messageOf(error, 'Erro ao carregar produtos.')}
        emptyMessage={term ? 'Nenhum produto encontrado.' : 'Nenhum produto disponível.'}
        shown={products.length}
        total={total}
        noun={{ one: 'produto', many: 'produtos' }}
        hasMore={hasNextPage}
        loadingMore={isFetchingNextPage}
        onLoadMore={() => fetchNextPage()}
      >
        <ProductsTable
          products={products}
          onEdit={(product) => setEditing({ mode: 'edit', product })}
          onDelete={setDeleting}
        />
      </ListPage>
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
    </>
  );
}

export { AdminProductsPage as Component };
