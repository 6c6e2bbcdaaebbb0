import { lazy } from 'react';
import { AdminNewAppointmentPage } from '../../features/appointments/admin/pages/admin-new-appointment-page';

// The pets feature's form, loaded when 'Cadastrar pet' is pressed.
const PetFormModal = lazy(() =>
  import('../../features/pets/components/pet-form-modal').then((module) => ({ default: module.PetFormModal })),
);

/** /adminAppointments/novo: the staff booking, with the pets feature's form to register a customer's pet. */
export function NewAppointmentRoute() {
  return <AdminNewAppointmentPage PetForm={PetFormModal} />;
}

export { NewAppointmentRoute as Component };
