import type { Appointment } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useRef, useState } from 'react';
import { cancelAppointmentMutation, myAppointmentsQueryOptions } from '../../../api/appointments';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { lazyDialog } from '../../../components/ui/modal';
import { LoadingState } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { AppointmentsTable } from './appointments-table';
import { customerColumns } from './customer-columns';
import { PastAppointments } from './past-appointments';
import './appointments-card.css';

const TABS = [
  ['proximos', 'Próximos'],
  ['historico', 'Histórico'],
] as const;
type TabId = (typeof TABS)[number][0];

// Shown after a tap: its code (form, masks, dialog) loads then, not with the page.
const EditAppointmentModal = lazyDialog(() =>
  import('./edit-appointment-modal').then((module) => module.EditAppointmentModal),
);

/**
 * 'Meus Agendamentos' on /user: the upcoming ones (edit, cancel) and, in their own tab, the done,
 * missed and cancelled ones; each with its status and price. A failed load of the upcoming ones
 * shows the empty message (SPEC: silent).
 */
export function AppointmentsCard() {
  const [tab, setTab] = useState<TabId>('proximos');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
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

  // Arrow keys move between the tabs, as a tab list does.
  const onTabKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = (index + step + TABS.length) % TABS.length;
    setTab(TABS[next]?.[0] ?? 'proximos');
    tabs.current[next]?.focus();
  };

  return (
    <Card title="Meus Agendamentos" titleId="appointments-card-title">
      <div role="tablist" aria-label="Agendamentos" className="appointments-card__tabs">
        {TABS.map(([id, label], index) => (
          <button
            key={id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`appointments-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`appointments-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className="appointments-card__tab"
            onClick={() => setTab(id)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`appointments-panel-${tab}`} aria-labelledby={`appointments-tab-${tab}`}>
        {tab === 'historico' ? (
          <PastAppointments />
        ) : isPending ? (
          <LoadingState />
        ) : appointments?.length ? (
          <AppointmentsTable
            appointments={appointments}
            columns={customerColumns}
            onEdit={setEditing}
            onCancel={setCancelling}
          />
        ) : (
          <EmptyState message="Nenhum agendamento encontrado." />
        )}
      </div>
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
