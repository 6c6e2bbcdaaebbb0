import { formatDate, formatMoney, formatPhone, type PetBody, type PetView, type PublicUser } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ComponentType, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { serviceEmployeesQueryOptions } from '../../../../api/employees';
import { petCreditsQueryOptions } from '../../../../api/packages';
import { allServicesQueryOptions } from '../../../../api/services';
import {
  bookForCustomerMutation,
  createCustomerPetMutation,
  customerPetsQueryOptions,
} from '../../../../api/staff-booking';
import { storesQueryOptions } from '../../../../api/stores';
import { SlotPicker } from '../../../../components/booking/slot-picker';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { Select } from '../../../../components/ui/select';
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
      <SlotPicker
        className="staff-booking__when"
        employeeId={toId(employerId)}
        date={date}
        time={time}
        onDateChange={(day) => form.set({ date: day, time: '' })}
        onTimeChange={(slot) => form.set({ time: slot })}
        askFirst="Escolha profissional e data"
        empty="Nenhum horário livre neste dia"
      />
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
