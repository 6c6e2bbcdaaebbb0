import type { Appointment } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { cancelAppointmentMutation, myAppointmentsQueryOptions } from '../../../api/appointments';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { lazyDialog } from '../../../components/ui/modal';
import { LoadingState } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { AppointmentsTable } from './appointments-table';

// Shown after a tap: its code (form, masks, Radix) loads then, not with the page.
const EditAppointmentModal = lazyDialog(() =>
  import('./edit-appointment-modal').then((module) => module.EditAppointmentModal),
);

/** 'Meus Agendamentos' on /user. A failed load shows the empty message (SPEC: silent). */
export function AppointmentsCard() {
  const { data: appointments, isPending } = useQuery(myAppointmentsQueryOptions());
  const [editing, setEditing] = useState<Appointment | null>(null);
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const cancel = useMutation(cancelAppointmentMutation());

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.id, {
      onSuccess: (response) => {
        toast.success(response.message ?? 'Agendamento cancelado com sucesso!');
        setCancelling(null);
      },
      onError: (failure) => {
        toast.error(messageOf(failure, 'Erro ao cancelar agendamento.'));
        setCancelling(null);
      },
    });
  };

  return (
    <Card title="Meus Agendamentos" titleId="appointments-card-title">
      {isPending ? (
        <LoadingState />
      ) : appointments?.length ? (
        <AppointmentsTable appointments={appointments} onEdit={setEditing} onCancel={setCancelling} />
      ) : (
        <EmptyState message="Nenhum agendamento encontrado." />
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
    </Card>
  );
}
