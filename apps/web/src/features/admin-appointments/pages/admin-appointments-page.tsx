import type { Appointment } from '@petshop/domain';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadingState } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { useCancelAppointment } from '../api/cancel-appointment';
import { useAdminAppointments } from '../api/get-admin-appointments';
import { AppointmentsTable } from '../components/appointments-table';
import { EditAppointmentModal } from '../components/edit-appointment-modal';
import './admin-appointments-page.css';

/** /adminAppointments: upcoming appointments, soonest first; reschedule or cancel. */
export function AdminAppointmentsPage() {
  const { data, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useAdminAppointments();
  const cancel = useCancelAppointment();
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
    <div className="admin-appointments-page">
      <h1 className="admin-appointments-page__title">Agendamentos</h1>
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <FormAlert message="Erro ao carregar agendamentos." />
      ) : appointments.length === 0 ? (
        <EmptyState message="Nenhum agendamento encontrado." />
      ) : (
        <>
          <p className="admin-appointments-page__count" role="status">
            Mostrando {appointments.length} de {total} {total === 1 ? 'agendamento' : 'agendamentos'}
          </p>
          <AppointmentsTable appointments={appointments} onEdit={setEditing} onCancel={setCancelling} />
          {hasNextPage && (
            <div className="admin-appointments-page__more">
              <Button variant="secondary" loading={isFetchingNextPage} onClick={() => fetchNextPage()}>
                Carregar mais
              </Button>
            </div>
          )}
        </>
      )}
      {editing && <EditAppointmentModal key={editing.id} appointment={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Confirmar Cancelamento"
        message="Você tem certeza que deseja cancelar este agendamento?"
        loading={cancel.isPending}
        onConfirm={confirmCancel}
      />
    </div>
  );
}

export { AdminAppointmentsPage as Component };
