import type { Product } from '@petshop/domain';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { adminProductsQueryOptions, deleteProductMutation, productQueryOptions } from '../../../../api/catalog';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { PlusIcon } from '../../../../components/ui/icons';
import { ListPage } from '../../../../components/ui/list-page';
import { ListSearch } from '../../../../components/ui/list-search';
import { messageOf } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { ProductFormModal } from '../components/product-form-modal';
import { ProductsTable } from '../components/products-table';

type Editing = { mode: 'add' } | { mode: 'edit'; product: Product } | null;

/** `?edit=7`: a product another screen links to (the dashboard's low-stock list), opened for editing. */
const linkedIdOf = (value: string | null) => (value && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : undefined);

/** /adminProducts: list, add, edit and delete products; `?edit={id}` opens that product's form. */
export function AdminProductsPage() {
  const [search, setSearch] = useSearchParams();
  const linkedId = linkedIdOf(search.get('edit'));
  const linked = useQuery({ ...productQueryOptions(linkedId ?? 0), enabled: linkedId !== undefined });
  const [term, setTerm] = useState('');
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    adminProductsQueryOptions(term),
  );
  const remove = useMutation(deleteProductMutation());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const products = data?.pages.flatMap((page) => page.data) ?? [];
  const total = data?.pages.at(-1)?.meta?.total ?? products.length;
  const shown: Editing =
    editing ?? (linkedId !== undefined && linked.data ? { mode: 'edit', product: linked.data } : null);

  const forgetLink = () =>
    setSearch(
      (current) => {
        current.delete('edit');
        return current;
      },
      { replace: true },
    );
  const linkFailed = linkedId !== undefined && linked.isError;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per failed link
  useEffect(() => {
    if (!linkFailed) return;
    toast.error(messageOf(linked.error, 'Produto não encontrado.'));
    forgetLink();
  }, [linkFailed]);

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
      {shown && (
        <ProductFormModal
          key={shown.mode === 'edit' ? shown.product.id : 'add'}
          product={shown.mode === 'edit' ? shown.product : undefined}
          onClose={() => {
            setEditing(null);
            if (linkedId !== undefined) forgetLink();
          }}
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
