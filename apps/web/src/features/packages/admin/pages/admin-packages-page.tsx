import { formatMoney, type PackageView } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminPackagesQueryOptions, deletePackageMutation } from '../../../../api/packages';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { DataTable } from '../../../../components/ui/data-table';
import { EmptyState } from '../../../../components/ui/empty-state';
import { LoadingState } from '../../../../components/ui/spinner';
import { messageOf } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { ExpiringCreditsCard } from '../components/expiring-credits-card';
import { PackageForm } from '../components/package-form';
import './admin-packages-page.css';

/** /adminPackages: the packages sold (create, edit, take off sale) and the credits about to expire. */
export function AdminPackagesPage() {
  const packages = useQuery(adminPackagesQueryOptions());
  const remove = useMutation(deletePackageMutation());
  const [editing, setEditing] = useState<PackageView | 'new' | null>(null);
  const [removing, setRemoving] = useState<PackageView | null>(null);
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: (res) => {
        toast.success(res.message ?? 'Pacote excluído.');
        setRemoving(null);
      },
      onError: (error) => toast.error(messageOf(error, 'Não foi possível excluir o pacote.')),
    });
  };
  return (
    <div className="admin-packages">
      <h1 className="admin-packages__title">Pacotes</h1>
      <Card
        title="Pacotes à venda"
        titleId="admin-packages-title"
        actions={
          editing === null && (
            <Button variant="secondary" onClick={() => setEditing('new')}>
              Novo pacote
            </Button>
          )
        }
      >
        {editing !== null && (
          <PackageForm
            key={editing === 'new' ? 'new' : editing.id}
            pkg={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        )}
        {packages.isPending ? (
          <LoadingState />
        ) : packages.isError ? (
          <EmptyState
            message={messageOf(packages.error, 'Erro ao carregar os pacotes.')}
            action={<Button onClick={() => void packages.refetch()}>Tentar novamente</Button>}
          />
        ) : packages.data.length === 0 ? (
          <EmptyState message="Nenhum pacote cadastrado." />
        ) : (
          <DataTable
            plain
            rows={packages.data}
            rowKey={(pkg) => pkg.id}
            columns={[
              { label: 'Pacote', cell: (pkg) => pkg.name },
              { label: 'Serviço', cell: (pkg) => pkg.serviceName },
              { label: 'Porte', cell: (pkg) => pkg.size ?? 'Todos' },
              { label: 'Créditos', cell: (pkg) => String(pkg.credits) },
              { label: 'Validade', cell: (pkg) => `${pkg.validityDays} dias` },
              { label: 'Preço', cell: (pkg) => formatMoney(pkg.price) },
              { label: 'Situação', cell: (pkg) => (pkg.active ? 'Ativo' : 'Inativo') },
            ]}
            actions={(pkg) => (
              <>
                <Button variant="ghost" onClick={() => setEditing(pkg)} aria-label={`Editar ${pkg.name}`}>
                  Editar
                </Button>
                <Button variant="ghost" onClick={() => setRemoving(pkg)} aria-label={`Excluir ${pkg.name}`}>
                  Excluir
                </Button>
              </>
            )}
          />
        )}
      </Card>
      <ExpiringCreditsCard />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && !remove.isPending && setRemoving(null)}
        title={`Excluir o pacote ${removing?.name ?? ''}?`}
        message="Ele sai da venda. Os créditos já vendidos continuam valendo até vencer."
        confirmLabel="Excluir"
        cancelLabel="Manter"
        destructive
        onConfirm={confirmRemove}
        loading={remove.isPending}
      />
    </div>
  );
}

export { AdminPackagesPage as Component };
