import {
  type AgendaAppointment,
  APPOINTMENT_NOTE_MAX,
  APPOINTMENT_STATUS,
  type AppointmentStatus,
  appointmentStatusBody,
} from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { setAppointmentStatusMutation } from '../../../../api/agenda';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { Field } from '../../../../components/ui/field';
import { FormAlert } from '../../../../components/ui/form-alert';
import { Modal } from '../../../../components/ui/modal';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
import { messageOf } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { longDate } from '../agenda-labels';
import { CustomerPhone } from './customer-phone';
import './appointment-status-dialog.css';

const DONE_MESSAGE = 'Status do agendamento atualizado.';
const FAILED_MESSAGE = 'Erro ao atualizar o status do agendamento.';

/** The moves that ask first: they cannot be undone. */
const CONFIRM: Partial<Record<AppointmentStatus, { title: string; message: string; label: string }>> = {
  'Não compareceu': {
    title: 'Confirmar falta',
    message: 'Marcar este agendamento como "Não compareceu"? O horário fica livre e isso não pode ser desfeito.',
    label: 'Não compareceu',
  },
  Cancelado: {
    title: 'Confirmar Cancelamento',
    message: 'Você tem certeza que deseja cancelar este agendamento?',
    label: 'Cancelar agendamento',
  },
};

interface AppointmentStatusDialogProps {
  appointment: AgendaAppointment;
  employerName: string;
  date: string;
  onClose: () => void;
}

/**
 * An appointment opened from the agenda: what, when, for whom and who to call, and the status moves
 * it allows now (Agendado → Em atendimento → Concluído with an optional note, or Não compareceu,
 * or Cancelado). The server decides; a 409 shows its message and the agenda reloads.
 */
export function AppointmentStatusDialog({ appointment, employerName, date, onClose }: AppointmentStatusDialogProps) {
  const change = useMutation(setAppointmentStatusMutation());
  const [confirming, setConfirming] = useState<AppointmentStatus | null>(null);
  const can = (to: AppointmentStatus) => appointment.next.includes(to);
  const finished = ({ message }: { message?: string | undefined }) => {
    toast.success(message ?? DONE_MESSAGE);
    onClose();
  };
  const move = (status: AppointmentStatus) =>
    change.mutate(
      { id: appointment.id, body: { status } },
      { onSuccess: finished, onError: (error) => toast.error(messageOf(error, FAILED_MESSAGE)) },
    );
  const form = useSchemaForm({
    schema: appointmentStatusBody,
    initialValues: { note: '', noteForCustomer: false },
    toInput: ({ note, noteForCustomer }) => ({ status: APPOINTMENT_STATUS.done, note, noteForCustomer }),
    submit: (body) => change.mutateAsync({ id: appointment.id, body }),
    onSuccess: finished,
    errorMessage: FAILED_MESSAGE,
  });
  const formId = `agenda-done-${appointment.id}`;
  const confirm = confirming ? CONFIRM[confirming] : undefined;

  return (
    <>
      <Modal
        open
        onOpenChange={(open) => !open && onClose()}
        title={`${appointment.pet.name} · ${appointment.service.name}`}
        size="medium"
        footer={
          <div className="agenda-status__actions">
            {can(APPOINTMENT_STATUS.cancelled) && (
              <Button
                variant="danger"
                disabled={change.isPending}
                onClick={() => setConfirming(APPOINTMENT_STATUS.cancelled)}
              >
                Cancelar agendamento
              </Button>
            )}
            {can(APPOINTMENT_STATUS.noShow) && (
              <Button
                variant="secondary"
                disabled={change.isPending}
                onClick={() => setConfirming(APPOINTMENT_STATUS.noShow)}
              >
                Não compareceu
              </Button>
            )}
            {can(APPOINTMENT_STATUS.inProgress) && (
              <Button loading={change.isPending} onClick={() => move(APPOINTMENT_STATUS.inProgress)}>
                Iniciar atendimento
              </Button>
            )}
            {can(APPOINTMENT_STATUS.done) && (
              <Button type="submit" form={formId} loading={form.submitting}>
                Concluir atendimento
              </Button>
            )}
            {appointment.status !== APPOINTMENT_STATUS.scheduled && (
              <Button variant="secondary" onClick={onClose} disabled={change.isPending}>
                Fechar
              </Button>
            )}
          </div>
        }
      >
        <dl className="agenda-status__details">
          <dt>Quando</dt>
          <dd>
            {longDate(date)}, {appointment.appointment_time} às {appointment.end_time}
          </dd>
          <dt>Funcionário</dt>
          <dd>{employerName}</dd>
          <dt>Pet</dt>
          <dd>
            {appointment.pet.name} ({appointment.pet.size})
          </dd>
          <dt>Tutor</dt>
          <dd>
            {appointment.customer.name} · <CustomerPhone phone={appointment.customer.phone} />
          </dd>
          <dt>Status</dt>
          <dd>
            <strong>{appointment.status}</strong>
          </dd>
          {appointment.note && (
            <>
              <dt>Observação {appointment.noteForCustomer ? '(o tutor vê)' : '(só a equipe vê)'}</dt>
              <dd className="agenda-status__note">{appointment.note}</dd>
            </>
          )}
        </dl>
        {can(APPOINTMENT_STATUS.done) && (
          <form id={formId} onSubmit={form.onSubmit} noValidate aria-label="Concluir atendimento">
            <Field
              label="Observação (opcional)"
              hint="Fica no histórico do pet. Só a equipe a vê, a menos que você marque abaixo."
              error={form.errors.note}
            >
              {(control) => (
                <textarea
                  className="field__control agenda-status__textarea"
                  name="note"
                  rows={3}
                  maxLength={APPOINTMENT_NOTE_MAX}
                  value={form.values.note}
                  onChange={(event) => form.set({ note: event.target.value })}
                  {...control}
                />
              )}
            </Field>
            <label className="agenda-status__for-customer">
              <input
                type="checkbox"
                name="noteForCustomer"
                checked={form.values.noteForCustomer}
                onChange={(event) => form.set({ noteForCustomer: event.target.checked })}
              />
              Mostrar esta observação ao tutor (na carteira de saúde do pet)
            </label>
            <FormAlert message={form.formError} />
          </form>
        )}
      </Modal>
      <ConfirmDialog
        open={confirm !== undefined}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirm?.title ?? ''}
        message={confirm?.message}
        confirmLabel={confirm?.label ?? 'Sim'}
        cancelLabel="Voltar"
        loading={change.isPending}
        onConfirm={() => confirming && move(confirming)}
      />
    </>
  );
}
