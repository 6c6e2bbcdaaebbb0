import { type Appointment, businessMoment } from '@petshop/domain';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { messageOf } from '../../../lib/api-client';
import { useAvailability } from '../api/get-availability';
import { useRescheduleAppointment } from '../api/reschedule-appointment';
import './edit-appointment-modal.css';

/** The free slots of the chosen day, plus the appointment's own slot on its own day. */
const slotChoices = (free: string[], appointment: Appointment, date: string) =>
  date === appointment.appointment_date && !free.includes(appointment.appointment_time)
    ? [...free, appointment.appointment_time].sort()
    : free;

export function EditAppointmentModal({ appointment, onClose }: { appointment: Appointment; onClose: () => void }) {
  const [date, setDate] = useState(appointment.appointment_date);
  const [time, setTime] = useState(appointment.appointment_time);
  const [error, setError] = useState<string | null>(null);
  const availability = useAvailability(appointment.employer_id, date);
  const reschedule = useRescheduleAppointment();
  const slots = slotChoices(availability.data ?? [], appointment, date);
  const formId = `edit-appointment-${appointment.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    reschedule.mutate(
      { id: appointment.id, appointment_date: date, appointment_time: time },
      {
        onSuccess: (response) => {
          toast.success(response.message ?? 'Agendamento atualizado com sucesso!');
          onClose();
        },
        onError: (failure) => setError(messageOf(failure, 'Erro ao atualizar agendamento.')),
      },
    );
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Editar Agendamento"
      size="small"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={reschedule.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} loading={reschedule.isPending}>
            Confirmar
          </Button>
        </>
      }
    >
      <form id={formId} className="edit-appointment-modal" onSubmit={submit} noValidate>
        <TextField
          label="Data"
          type="date"
          min={businessMoment().date}
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            setTime('');
          }}
        />
        <Select
          label="Horário"
          value={time}
          onChange={(e) => setTime(e.target.value)}
          placeholder={
            availability.isPending && date !== ''
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
        <FormAlert message={error} />
      </form>
    </Modal>
  );
}
