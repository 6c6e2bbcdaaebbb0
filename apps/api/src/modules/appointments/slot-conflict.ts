import { conflict } from '../../lib/app-error';
import { type ConstraintErrors, withConstraintErrors } from '../../lib/pg-error';

export const EMPLOYEE_SLOT_TAKEN = 'Horário indisponível para este funcionário.';
export const PET_SLOT_TAKEN = 'Este pet já tem um agendamento neste horário.';

export const OUTSIDE_WORKING_HOURS = 'Fora do horário de trabalho deste funcionário.';

/** The service would run past the end of the hours served that day (`end`, e.g. '18:00'). */
export const doesNotFitMessage = (end: string) => `O serviço não cabe neste horário: ele terminaria depois das ${end}.`;

export const employeeSlotTaken = () => conflict(EMPLOYEE_SLOT_TAKEN, 'SLOT_TAKEN');
export const doesNotFit = (end: string) => conflict(doesNotFitMessage(end), 'OUTSIDE_HOURS');
/** Starts outside the hours served that day (the employee's inside the shop's), or on a day off. */
export const outsideWorkingHours = () => conflict(OUTSIDE_WORKING_HOURS, 'OUTSIDE_WORKING_HOURS');
export const petSlotTaken = () => conflict(PET_SLOT_TAKEN, 'PET_SLOT_TAKEN');

/** The exclusion constraints (employee and pet, over the time range) that decide under concurrency. */
const overlapConstraints: ConstraintErrors = {
  appointments_employee_overlap_ex: employeeSlotTaken,
  appointments_pet_overlap_ex: petSlotTaken,
};

/** Runs a booking write; losing a race on an overlap becomes the same 409 the pre-check gives. */
export const withSlotGuard = <T>(write: () => Promise<T>) => withConstraintErrors(overlapConstraints, write);
