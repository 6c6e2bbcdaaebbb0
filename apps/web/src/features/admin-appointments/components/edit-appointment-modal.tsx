import { APPOINTMENT_SLOTS, type Appointment, businessMoment, rescheduleBody } from '@petshop/domain';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from '../../../components/ui/form-errors';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { messageOf } from '../../../lib/api-client';
import { useRescheduleAppointment } from '../api/reschedule-appointment';
import './edit-appointment-modal.css';

const FORM_ID = 'admin-appointment-form';

interface EditAppointmentModalProps {
  appointment: Appointment;
  onClose: () => void;
}

/** 'Editar Agendamento': date and one of the 20 slots; the server checks the slot is free and ahead. */
export function EditAppointmentModal({ appointment, onClose }: EditAppointmentModalProps) {
  const reschedule = useRescheduleAppointment();
  const [date, setDate] = useState(appointment.appointment_date.slice(0, 10));
  const [time, setTime] = useState(appointment.appointment_time.slice(0, 5));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = rescheduleBody.safeParse({ appointment_date: date, appointment_time: time });
    if (!parsed.success) {
      setFieldErrors(zodFieldErrors(parsed.error));
      return;
    }
    setFieldErrors({});
    reschedule.mutate(
      { id: appointment.id, body: parsed.data },
      {
        onSuccess: ({ message }) => {
          toast.success(message ?? 'Agendamento atualizado com sucesso!');
          onClose();
        },
        onError: (error) => {
          setFieldErrors(apiFieldErrors(error));
          const text = messageOf(error, 'Erro ao atualizar agendamento.');
          setFormError(text);
          toast.error(text);
        },
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
          <Button type="submit" form={FORM_ID} loading={reschedule.isPending}>
            Confirmar
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="edit-appointment-modal__form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Data"
          type="date"
          name="appointment_date"
          min={businessMoment().date}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          error={fieldErrors.appointment_date}
        />
        <Select
          label="Horário"
          name="appointment_time"
          value={time}
          onChange={(event) => setTime(event.target.value)}
          error={fieldErrors.appointment_time}
        >
          {APPOINTMENT_SLOTS.map((slot) => (
            <option key={slot} value={slot}>
              {slot}
            </option>
          ))}
        </Select>
        <FormAlert message={formError} />
      </form>
    </Modal>
  );
}
