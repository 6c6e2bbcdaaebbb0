import type { PublicUser } from '@petshop/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { CustomerSearch } from '../components/customer-search';
import { type NewPetForm, StaffBookingForm } from '../components/staff-booking-form';
import './admin-new-appointment-page.css';

/**
 * /adminAppointments/novo: reception books for a customer on the phone or at the desk, registering
 * the pet first when the customer has none there yet.
 */
export function AdminNewAppointmentPage({ PetForm }: { PetForm: NewPetForm }) {
  const [customer, setCustomer] = useState<PublicUser | null>(null);
  return (
    <div className="new-appointment">
      <div className="new-appointment__header">
        <h1 className="new-appointment__title">Novo agendamento</h1>
        <Link to="/adminAgenda">Voltar para a agenda</Link>
      </div>
      {customer ? (
        <StaffBookingForm
          key={customer.id}
          customer={customer}
          onChangeCustomer={() => setCustomer(null)}
          PetForm={PetForm}
        />
      ) : (
        <CustomerSearch onPick={setCustomer} />
      )}
    </div>
  );
}
