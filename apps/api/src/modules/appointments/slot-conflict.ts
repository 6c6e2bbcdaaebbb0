import { conflict } from '../../lib/app-error';
import { type ConstraintErrors, withConstraintErrors } from '../../lib/pg-error';

export const EMPLOYEE_SLOT_TAKEN = 'Horário indisponível para este funcionário.';
export const PET_SLOT_TAKEN = 'Este pet já tem um agendamento neste horário.';

export const employeeSlotTaken = () => conflict(EMPLOYEE_SLOT_TAKEN, 'SLOT_TAKEN');
export const petSlotTaken = () => conflict(PET_SLOT_TAKEN, 'PET_SLOT_TAKEN');

/** The partial unique indexes that decide a slot under concurrency. */
const slotIndexes: ConstraintErrors = {
  appointments_employee_slot_uq: employeeSlotTaken,
  appointments_pet_slot_uq: petSlotTaken,
};

/** Runs a booking write; losing a race on a slot index becomes the same 409 the pre-check gives. */
export const withSlotGuard = <T>(write: () => Promise<T>) => withConstraintErrors(slotIndexes, write);
