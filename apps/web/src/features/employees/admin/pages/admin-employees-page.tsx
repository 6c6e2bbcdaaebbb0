import type { Employee } from '@petshop/domain';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { adminEmployeesQueryOptions, deleteEmployeeMutation } from '../../../../api/employees';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { PlusIcon } from '../../../../components/ui/icons';
import { ListPage } from '../../../../components/ui/list-page';
import { messageOf } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { EmployeeFormModal } from '../components/employee-form-modal';
import { EmployeeInviteModal } from '../components/employee-invite-modal';
import { EmployeeScheduleModal } from '../components/employee-schedule-modal';
import { EmployeesTable } from '../components/employees-table';

type Editing = { mode: 'add' } | { mode: 'edit'; employee: Employee } | null;

/** /adminEmployers: list, add, edit and delete employees, set their working hours, invite them to sign in. */
export function AdminEmployeesPage() {
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    adminEmployeesQueryOptions(),
  );
  const remove = useMutation(deleteEmployeeMutation());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Employee | null>(null);
  const [scheduling, setScheduling] = useState<Employee | null>(null);
  const [inviting, setInviting] = useState<Employee | null>(null);
  const employees = data?.pages.flatMap((page) => page.data) ?? [];
  const total = data?.pages.at(-1)?.meta?.total ?? employees.length;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ message }) => {
        toast.success(message ?? 'Funcionário excluído com sucesso!');
        setDeleting(null);
      },
      onError: (failure) => toast.error(messageOf(failure, 'Erro ao excluir funcionário.')),
    });
  };

  return (
    <>
      <ListPage
        title="Funcionários"
        actions={
          <Button onClick={() => setEditing({ mode: 'add' })}>
            <PlusIcon />
            Adicionar Funcionário
          </Button>
        }
        isPending={isPending}
        isError={isError}
        errorMessage={messageOf(error, 'Erro ao carregar funcionários.')}
        emptyMessage="Nenhum funcionário disponível."
        shown={employees.length}
        total={total}
        noun={{ one: 'funcionário', many: 'funcionários' }}
        hasMore={hasNextPage}
        loadingMore={isFetchingNextPage}
        onLoadMore={() => fetchNextPage()}
      >
        <EmployeesTable
          employees={employees}
          onEdit={(employee) => setEditing({ mode: 'edit', employee })}
          onSchedule={setScheduling}
          onInvite={setInviting}
          onDelete={setDeleting}
        />
      </ListPage>
      {editing && (
        <EmployeeFormModal
          key={editing.mode === 'edit' ? editing.employee.id : 'add'}
          employee={editing.mode === 'edit' ? editing.employee : undefined}
          onClose={() => setEditing(null)}
        />
      )}
      {scheduling && (
        <EmployeeScheduleModal key={scheduling.id} employee={scheduling} onClose={() => setScheduling(null)} />
      )}
      {inviting && <EmployeeInviteModal key={inviting.id} employee={inviting} onClose={() => setInviting(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Confirmação de Exclusão"
        message={deleting ? `Tem certeza de que deseja excluir o funcionário "${deleting.name}"?` : undefined}
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}

export { AdminEmployeesPage as Component };
