import { APPOINTMENT_SLOTS, type Appointment, businessMoment } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { availabilityQueryOptions, rescheduleAppointmentMutation } from '../../../api/appointments';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { toast } from '../../../lib/toast';
import './edit-appointment-modal.css';

/** The free slots of the chosen day, plus the appointment's own slot on its own day. */
const freeSlots = (free: string[], appointment: Appointment, date: string) =>
  date === appointment.appointment_date && !free.includes(appointment.appointment_time)
    ? [...free, appointment.appointment_time].sort()
    : free;

interface EditAppointmentModalProps {
  appointment: Appointment;
  /** An admin picks any of the 20 slots (the server checks it is free); a customer, the free ones of the day. */
  admin?: boolean;
  onClose: () => void;
}

/** 'Editar Agendamento': a new date and slot; the server checks the slot is free and ahead. */
export function EditAppointmentModal({ appointment, admin = false, onClose }: EditAppointmentModalProps) {
  const reschedule = useMutation(rescheduleAppointmentMutation());
  const form = useSchemaForm({
    schema: (schemas) => schemas.rescheduleBody,
    initialValues: {
      appointment_date: appointment.appointment_date.slice(0, 10),
      appointment_time: appointment.appointment_time.slice(0, 5),
    },
    submit: (body) => reschedule.mutateAsync({ id: appointment.id, body }),
    onSuccess: ({ message }) => {
      toast.success(message ?? 'Agendamento atualizado com sucesso!');
      onClose();
    },
    errorMessage: 'Erro ao atualizar agendamento.',
  });
  const { appointment_date: date, appointment_time: time } = form.values;
  const availability = useQuery({
    ...availabilityQueryOptions(appointment.employer_id, date),
    enabled: !admin && date !== '',
  });
  const slots = admin ? APPOINTMENT_SLOTS : freeSlots(availability.data ?? [], appointment, date);
  const formId = `edit-appointment-${appointment.id}`;

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Editar Agendamento"
      size="small"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={form.submitting}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} loading={form.submitting}>
            Confirmar
          </Button>
        </>
      }
    >
      <form id={formId} className="edit-appointment-modal" onSubmit={form.onSubmit} noValidate>
        <TextField
          label="Data"
          type="date"
          name="appointment_date"
          min={businessMoment().date}
          value={date}
          // A customer's slot list belongs to the day: a new day needs a new choice.
          onChange={(event) =>
            form.set({ appointment_date: event.target.value, ...(admin ? {} : { appointment_time: '' }) })
          }
          error={form.errors.appointment_date}
        />
        <Select
          label="Horário"
          name="appointment_time"
          value={time}
          onChange={(event) => form.set({ appointment_time: event.target.value })}
          error={form.errors.appointment_time}
          placeholder={
            admin
              ? undefined
              : availability.isPending && date !== ''
                ? 'Carregando...'
                : slots.length
                  ? 'Selecione um horário'
                  : 'Nenhum horário disponível'
          }
        >
          {slots.map((slot) => (
            <option key={slot} value={slot}>
              {slot}
            </option>
          ))}
        </Select>
        <FormAlert message={form.formError} />
      </form>
    </Modal>
  );
}
