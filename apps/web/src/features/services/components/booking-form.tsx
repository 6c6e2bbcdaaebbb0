import { describeStoreWeek, formatMoney, type Service, storeAddressLine } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { createAppointmentMutation } from '../../../api/appointments';
import { serviceEmployeesQueryOptions } from '../../../api/employees';
import { petCreditsQueryOptions } from '../../../api/packages';
import { petsQueryOptions } from '../../../api/pets';
import { storesQueryOptions } from '../../../api/stores';
import { SlotPicker } from '../../../components/booking/slot-picker';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Select } from '../../../components/ui/select';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { toast } from '../../../lib/toast';
import './booking-form.css';

/** SPEC section 9: the booking toast stays 4 s; /user follows 2 s after success. */
const TOAST_MS = 4000;
const REDIRECT_MS = 2000;

const toId = (value: string) => (value === '' ? undefined : Number(value));

export function BookingForm({ service }: { service: Service }) {
  const navigate = useNavigate();
  const pets = useQuery(petsQueryOptions());
  const employees = useQuery(serviceEmployeesQueryOptions(service.id));
  // Several active stores: the customer picks one first, then one of its employees.
  const stores = useQuery(storesQueryOptions());
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  const booking = useMutation(createAppointmentMutation());
  const credit = useRef<boolean | undefined>(undefined);
  const form = useSchemaForm({
    schema: (schemas) => schemas.appointmentBody,
    initialValues: { petId: '', storeId: '', employerId: '', date: '', time: '', useCredit: true },
    toInput: ({ petId, storeId, employerId, date, time, useCredit }) => ({
      service_id: service.id,
      ...(storeId === '' ? {} : { store_id: Number(storeId) }),
      pet_id: toId(petId),
      employer_id: toId(employerId),
      appointment_date: date,
      appointment_time: time,
      // A credit shown is used if the box stays ticked; none shown, none used; credits not loaded: the server decides.
      ...(credit.current === undefined ? {} : { useCredit: credit.current && useCredit }),
    }),
    // The server checks the same schema: its first complaint is the one shown.
    issues: 'form',
    submit: (body) => booking.mutateAsync(body),
    onSuccess: (response) => {
      toast.success(response.message ?? 'Agendamento realizado com sucesso!', { duration: TOAST_MS });
      redirect.current = setTimeout(() => navigate('/user'), REDIRECT_MS);
    },
    errorMessage: 'Erro ao agendar a consulta.',
    report: { toast: false },
    onFailure: (set) => set({ time: '' }),
  });
  const { petId, storeId, employerId, date, time, useCredit } = form.values;

  useEffect(() => () => clearTimeout(redirect.current), []);

  const petList = pets.data ?? [];
  const storeList = stores.data ?? [];
  const choosingStore = storeList.length > 1;
  const chosenStore = storeList.find((store) => String(store.id) === storeId);
  const employeeList = (employees.data ?? []).filter(
    (employee) => !choosingStore || String(employee.store_id) === storeId,
  );
  const waitingForStore = choosingStore && storeId === '';
  const chosenPet = petList.find((pet) => String(pet.id) === petId);
  // A credit of a package for this service, not expired, with something left: 'Usar crédito do pacote'.
  const credits = useQuery(petCreditsQueryOptions(chosenPet?.id));
  const matching = (credits.data ?? []).find(
    (c) => c.serviceId === service.id && c.remaining > 0 && new Date(c.expiresAt).getTime() > Date.now(),
  );
  credit.current = credits.isSuccess ? matching !== undefined : undefined;

  return (
    <form className="booking-form" onSubmit={form.onSubmit} noValidate aria-label={`Agendar ${service.name}`}>
      <div className="booking-form__pet">
        <Select
          label="Pet"
          value={petId}
          onChange={(e) => form.set({ petId: e.target.value })}
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
        {chosenPet && (
          <p className="booking-form__price" aria-live="polite">
            {matching && useCredit ? (
              <>
                Pago com o pacote <strong>{matching.packageName}</strong> ({matching.remaining}{' '}
                {matching.remaining === 1 ? 'crédito restante' : 'créditos restantes'})
              </>
            ) : (
              <>
                Preço para porte {chosenPet.size}: <strong>{formatMoney(service.prices[chosenPet.size])}</strong>
              </>
            )}
          </p>
        )}
        {matching && (
          <label className="booking-form__credit">
            <input type="checkbox" checked={useCredit} onChange={(e) => form.set({ useCredit: e.target.checked })} />{' '}
            Usar crédito do pacote
          </label>
        )}
        {!pets.isPending && petList.length === 0 && (
          <Link className="booking-form__link" to="/myPets">
            Cadastrar um pet
          </Link>
        )}
      </div>
      {choosingStore && (
        <div className="booking-form__store">
          <Select
            label="Loja"
            value={storeId}
            onChange={(e) => form.set({ storeId: e.target.value, employerId: '', time: '' })}
            placeholder="Selecione a loja"
          >
            {storeList.map((store) => (
              <option key={store.id} value={store.id}>
                {store.name}
              </option>
            ))}
          </Select>
          {chosenStore && (
            <p className="booking-form__store-details">
              {storeAddressLine(chosenStore)}
              {storeAddressLine(chosenStore) && <br />}
              Horário: {describeStoreWeek(chosenStore.hours)}
            </p>
          )}
        </div>
      )}
      <Select
        label="Funcionário"
        value={employerId}
        onChange={(e) => form.set({ employerId: e.target.value, time: '' })}
        disabled={employees.isPending || waitingForStore || employeeList.length === 0}
        placeholder={
          employees.isPending
            ? 'Carregando...'
            : waitingForStore
              ? 'Escolha a loja primeiro'
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
      <SlotPicker
        className="booking-form__when"
        employeeId={toId(employerId)}
        date={date}
        time={time}
        onDateChange={(day) => form.set({ date: day, time: '' })}
        onTimeChange={(slot) => form.set({ time: slot })}
        askFirst="Escolha funcionário e data"
        empty="Nenhum horário disponível"
      />
      <FormAlert message={form.formError} />
      <Button type="submit" loading={form.submitting} disabled={booking.isSuccess} fullWidth>
        Agendar
      </Button>
    </form>
  );
}
