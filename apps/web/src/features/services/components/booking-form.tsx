import { businessMoment, type Service } from '@petshop/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { messageOf } from '../../../lib/api-client';
import { useCreateAppointment } from '../api/create-appointment';
import { useAvailability } from '../api/get-availability';
import { usePets } from '../api/get-pets';
import { useServiceEmployees } from '../api/get-service-employees';
import { TimeOptions } from './time-options';
import './booking-form.css';

/** SPEC section 9: the booking toast stays 4 s; /user follows 2 s after success. */
const TOAST_MS = 4000;
const REDIRECT_MS = 2000;

const toId = (value: string) => (value === '' ? undefined : Number(value));

export function BookingForm({ service }: { service: Service }) {
  const navigate = useNavigate();
  const pets = usePets();
  const employees = useServiceEmployees(service.id);
  const [petId, setPetId] = useState('');
  const [employerId, setEmployerId] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  const availability = useAvailability(toId(employerId) ?? null, date);
  const booking = useCreateAppointment();
  const today = businessMoment().date;

  useEffect(() => () => clearTimeout(redirect.current), []);

  const petList = pets.data ?? [];
  const employeeList = employees.data ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    booking.mutate(
      {
        service_id: service.id,
        pet_id: toId(petId),
        employer_id: toId(employerId),
        appointment_date: date,
        appointment_time: time,
      },
      {
        onSuccess: (response) => {
          toast.success(response.message ?? 'Agendamento realizado com sucesso!', { duration: TOAST_MS });
          redirect.current = setTimeout(() => navigate('/user'), REDIRECT_MS);
        },
        onError: (failure) => {
          setTime('');
          setError(messageOf(failure, 'Erro ao agendar a consulta.'));
        },
      },
    );
  };

  return (
    <form className="booking-form" onSubmit={submit} noValidate aria-label={`Agendar ${service.name}`}>
      <div className="booking-form__pet">
        <Select
          label="Pet"
          value={petId}
          onChange={(e) => setPetId(e.target.value)}
          disabled={pets.isPending || petList.length === 0}
          placeholder={
            pets.isPending ? 'Carregando...' : petList.length === 0 ? 'Nenhum pet disponível' : 'Selecione um pet'
          }
        >
          {petList.map((pet) => (
            <option key={pet.id} value={pet.id}>
              {pet.name}
            </option>
          ))}
        </Select>
        {!pets.isPending && petList.length === 0 && (
          <Link className="booking-form__link" to="/myPets">
            Cadastrar um pet
          </Link>
        )}
      </div>
      <Select
        label="Funcionário"
        value={employerId}
        onChange={(e) => {
          setEmployerId(e.target.value);
          setTime('');
        }}
        disabled={employees.isPending || employeeList.length === 0}
        placeholder={
          employees.isPending
            ? 'Carregando...'
            : employeeList.length === 0
              ? 'Nenhum funcionário disponível'
              : 'Selecione um funcionário'
        }
      >
        {employeeList.map((employee) => (
          <option key={employee.id} value={employee.id}>
            {employee.name} — {employee.position}
          </option>
        ))}
      </Select>
      <div className="booking-form__when">
        <TextField
          label="Data"
          type="date"
          min={today}
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
          disabled={!availability.data?.length}
          placeholder={
            employerId === '' || date === ''
              ? 'Escolha funcionário e data'
              : availability.isPending
                ? 'Carregando...'
                : availability.data?.length
                  ? 'Selecione um horário'
                  : 'Nenhum horário disponível'
          }
        >
          <TimeOptions slots={availability.data ?? []} />
        </Select>
      </div>
      <FormAlert message={error} />
      <Button type="submit" loading={booking.isPending} disabled={booking.isSuccess} fullWidth>
        Agendar
      </Button>
    </form>
  );
}
