import type { Appointment } from '@petshop/domain';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { allAppointmentsQueryOptions, cancelAppointmentMutation } from '../../../../api/appointments';
import { ButtonLink } from '../../../../components/ui/button-link';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { ListPage } from '../../../../components/ui/list-page';
import { messageOf } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { EditAppointmentModal } from '../../components/edit-appointment-modal';
import { AdminAppointmentsTable } from '../components/admin-appointments-table';

/** /adminAppointments: upcoming appointments, soonest first; reschedule or cancel. */
export function AdminAppointmentsPage() {
  const { data, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    allAppointmentsQueryOptions(),
  );
  const cancel = useMutation(cancelAppointmentMutation());
  const [editing, setEditing] = useState<Appointment | null>(null);
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const appointments = data?.pages.flatMap((page) => page.data) ?? [];
  const total = data?.pages.at(-1)?.meta?.total ?? appointments.length;

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.id, {
      onSuccess: ({ message }) => {
        toast.success(message ?? 'Agendamento cancelado com sucesso!');
        setCancelling(null);
      },
      onError: (failure) => toast.error(messageOf(failure, 'Erro ao cancelar agendamento.')),
    });
  };

  return (
    <>
      <ListPage
        title="Agendamentos"
        actions={<ButtonLink to="/adminAppointments/novo">Novo agendamento</ButtonLink>}
        isPending={isPending}
        isError={isError}
        errorMessage="Erro ao carregar agendamentos."
        emptyMessage="Nenhum agendamento encontrado."
        shown={appointments.length}
        total={total}
        noun={{ one: 'agendamento', many: 'agendamentos' }}
        hasMore={hasNextPage}
        loadingMore={isFetchingNextPage}
        onLoadMore={() => fetchNextPage()}
      >
        <AdminAppointmentsTable appointments={appointments} onEdit={setEditing} onCancel={setCancelling} />
      </ListPage>
      {editing && (
        <EditAppointmentModal key={editing.id} appointment={editing} admin onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Confirmar Cancelamento"
        message="Você tem certeza que deseja cancelar este agendamento?"
        loading={cancel.isPending}
        onConfirm={confirmCancel}
      />
    </>
  );
}

export { AdminAppointmentsPage as Component };
