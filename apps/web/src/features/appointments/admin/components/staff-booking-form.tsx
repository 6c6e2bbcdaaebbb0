import {
  businessMoment,
  formatDate,
  formatMoney,
  formatPhone,
  type PetBody,
  type PetView,
  type PublicUser,
} from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ComponentType, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { availabilityQueryOptions } from '../../../../api/appointments';
import { serviceEmployeesQueryOptions } from '../../../../api/employees';
import { petCreditsQueryOptions } from '../../../../api/packages';
import { allServicesQueryOptions } from '../../../../api/services';
import {
  bookForCustomerMutation,
  createCustomerPetMutation,
  customerPetsQueryOptions,
} from '../../../../api/staff-booking';
import { storesQueryOptions } from '../../../../api/stores';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { Select } from '../../../../components/ui/select';
import { TextField } from '../../../../components/ui/text-field';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
import { toast } from '../../../../lib/toast';
import './staff-booking-form.css';

/** The pets feature's form for a new pet, composed in by the route (a feature does not import another). */
export type NewPetForm = ComponentType<{
  create: (body: PetBody) => Promise<{ data: PetView }>;
  onSaved: (pet: PetView) => void;
  onClose: () => void;
}>;

const toId = (value: string) => (value === '' ? undefined : Number(value));

/** A list's placeholder: loading, failed, empty, or the question. */
const placeholderOf = (query: { isPending: boolean; isError: boolean }, empty: boolean, none: string, ask: string) =>
  query.isPending ? 'Carregando...' : query.isError ? 'Erro ao carregar' : empty ? none : ask;

/**
 * The customer's pet, the service, the store (only when more than one is active), the professional,
 * the day and a free time; the server checks all of it again (and the caller's store).
 */
export function StaffBookingForm({
  customer,
  onChangeCustomer,
  PetForm,
}: {
  customer: PublicUser;
  onChangeCustomer: () => void;
  PetForm: NewPetForm;
}) {
  const navigate = useNavigate();
  const pets = useQuery(customerPetsQueryOptions(customer.id));
  const services = useQuery(allServicesQueryOptions());
  const stores = useQuery(storesQueryOptions());
  const booking = useMutation(bookForCustomerMutation(customer.id));
  const addPet = useMutation(createCustomerPetMutation(customer.id));
  const [addingPet, setAddingPet] = useState(false);
  const credit = useRef<boolean | undefined>(undefined);
  const title = useRef<HTMLHeadingElement>(null);
  // The customer was just picked from a list that is gone now: keyboard and reader go on from here.
  useEffect(() => title.current?.focus(), []);
  const form = useSchemaForm({
    schema: (schemas) => schemas.appointmentBody,
    initialValues: { petId: '', serviceId: '', storeId: '', employerId: '', date: '', time: '', useCredit: true },
    toInput: ({ petId, serviceId, storeId, employerId, date, time, useCredit }) => ({
      service_id: toId(serviceId),
      ...(storeId === '' ? {} : { store_id: Number(storeId) }),
      pet_id: toId(petId),
      employer_id: toId(employerId),
      appointment_date: date,
      appointment_time: time,
      ...(credit.current === undefined ? {} : { useCredit: credit.current && useCredit }),
    }),
    issues: 'form',
    submit: (body) => booking.mutateAsync(body),
    onSuccess: (response) => {
      toast.success(response.message ?? 'Agendamento realizado com sucesso!');
      navigate(`/adminAgenda?date=${response.data.appointment_date}`);
    },
    errorMessage: 'Erro ao agendar.',
    report: { toast: false },
    onFailure: (set) => set({ time: '' }),
  });
  const { petId, serviceId, storeId, employerId, date, time, useCredit } = form.values;
  const employees = useQuery({
    ...serviceEmployeesQueryOptions(toId(serviceId) ?? 0),
    enabled: serviceId !== '',
  });
  const availability = useQuery(availabilityQueryOptions(toId(employerId) ?? null, date));
  const today = businessMoment().date;

  const petList = pets.data ?? [];
  const serviceList = services.data ?? [];
  const storeList = stores.data ?? [];
  const choosingStore = storeList.length > 1;
  const waitingForStore = choosingStore && storeId === '';
  const employeeList = (employees.data ?? []).filter(
    (employee) => !choosingStore || String(employee.store_id) === storeId,
  );
  const chosenPet = petList.find((pet) => String(pet.id) === petId);
  const chosenService = serviceList.find((service) => String(service.id) === serviceId);
  const credits = useQuery(petCreditsQueryOptions(chosenPet?.id));
  const matching = (credits.data ?? []).find(
    (c) => String(c.serviceId) === serviceId && c.remaining > 0 && new Date(c.expiresAt).getTime() > Date.now(),
  );
  credit.current = credits.isSuccess ? matching !== undefined : undefined;

  return (
    <form className="staff-booking" onSubmit={form.onSubmit} noValidate aria-label={`Agendar para ${customer.name}`}>
      <div className="staff-booking__customer">
        <p>
          <span className="staff-booking__caption">Cliente</span>
          <strong>{customer.name}</strong> · {formatPhone(customer.phone)}
        </p>
        <Button variant="secondary" onClick={onChangeCustomer}>
          Trocar cliente
        </Button>
      </div>
      <h2 className="staff-booking__title" ref={title} tabIndex={-1}>
        2. Pet, serviço e horário
      </h2>
      <Select
        label="Pet"
        value={petId}
        onChange={(e) => form.set({ petId: e.target.value })}
        disabled={pets.isPending || petList.length === 0}
        placeholder={placeholderOf(
          pets,
          petList.length === 0,
          'Este cliente não tem pets cadastrados',
          'Selecione um pet',
        )}
      >
        {petList.map((pet) => (
          <option key={pet.id} value={pet.id}>
            {pet.name} ({pet.specie}, porte {pet.size})
          </option>
        ))}
      </Select>
      {pets.isError ? (
        <Button variant="secondary" onClick={() => void pets.refetch()}>
          Tentar carregar os pets novamente
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => setAddingPet(true)} disabled={pets.isPending}>
          Cadastrar pet
        </Button>
      )}
      {addingPet && (
        <Suspense fallback={null}>
          <PetForm
            create={(body) => addPet.mutateAsync(body)}
            onSaved={(pet) => form.set({ petId: String(pet.id) })}
            onClose={() => setAddingPet(false)}
          />
        </Suspense>
      )}
      <Select
        label="Serviço"
        value={serviceId}
        onChange={(e) => form.set({ serviceId: e.target.value, employerId: '', time: '' })}
        disabled={services.isPending || serviceList.length === 0}
        placeholder={placeholderOf(
          services,
          serviceList.length === 0,
          'Nenhum serviço cadastrado',
          'Selecione um serviço',
        )}
      >
        {serviceList.map((service) => (
          <option key={service.id} value={service.id}>
            {service.name}
          </option>
        ))}
      </Select>
      {choosingStore && (
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
      )}
      <Select
        label="Profissional"
        value={employerId}
        onChange={(e) => form.set({ employerId: e.target.value, time: '' })}
        disabled={serviceId === '' || employees.isPending || waitingForStore || employeeList.length === 0}
        placeholder={
          serviceId === ''
            ? 'Escolha o serviço primeiro'
            : waitingForStore
              ? 'Escolha a loja primeiro'
              : placeholderOf(employees, employeeList.length === 0, 'Ninguém realiza este serviço', 'Selecione')
        }
      >
        {employeeList.map((employee) => (
          <option key={employee.id} value={employee.id}>
            {employee.name} — {employee.position}
          </option>
        ))}
      </Select>
      <div className="staff-booking__when">
        <TextField
          label="Data"
          type="date"
          min={today}
          value={date}
          onChange={(e) => form.set({ date: e.target.value, time: '' })}
        />
        <Select
          label="Horário"
          value={time}
          onChange={(e) => form.set({ time: e.target.value })}
          disabled={!availability.data?.length}
          placeholder={
            employerId === '' || date === ''
              ? 'Escolha profissional e data'
              : availability.isPending
                ? 'Carregando...'
                : availability.isError
                  ? 'Erro ao carregar os horários'
                  : availability.data?.length
                    ? 'Selecione um horário'
                    : 'Nenhum horário livre neste dia'
          }
        >
          {(availability.data ?? []).map((slot) => (
            <option key={slot} value={slot}>
              {slot}
            </option>
          ))}
        </Select>
      </div>
      {matching && (
        <label className="staff-booking__credit">
          <input type="checkbox" checked={useCredit} onChange={(e) => form.set({ useCredit: e.target.checked })} /> Usar
          crédito do pacote {matching.packageName} ({matching.remaining}{' '}
          {matching.remaining === 1 ? 'restante' : 'restantes'})
        </label>
      )}
      {chosenPet && chosenService && (
        <p className="staff-booking__summary" aria-live="polite">
          {chosenService.name} para {chosenPet.name}
          {date && time ? ` em ${formatDate(date)} às ${time}` : ''} —{' '}
          {matching && useCredit ? 'pago com o pacote' : formatMoney(chosenService.prices[chosenPet.size])}
        </p>
      )}
      <FormAlert message={form.formError} />
      <Button type="submit" loading={form.submitting} disabled={booking.isSuccess} fullWidth>
        Confirmar agendamento
      </Button>
    </form>
  );
}
