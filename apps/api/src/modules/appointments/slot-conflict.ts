import { AppError, conflict } from '../../lib/app-error';

export const EMPLOYEE_SLOT_TAKEN = 'Horário indisponível para este funcionário.';
export const PET_SLOT_TAKEN = 'Este pet já tem um agendamento neste horário.';

export const employeeSlotTaken = () => conflict(EMPLOYEE_SLOT_TAKEN, 'SLOT_TAKEN');
export const petSlotTaken = () => conflict(PET_SLOT_TAKEN, 'PET_SLOT_TAKEN');

const byIndex: Record<string, () => AppError> = {
  appointments_employee_slot_uq: employeeSlotTaken,
  appointments_pet_slot_uq: petSlotTaken,
};

/** The unique index named by a PostgreSQL 23505 error, looking through the ORM's wrapping `cause`. */
const violatedIndex = (error: unknown): string | undefined => {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
};

/**
 * Runs a booking write; losing a race on a slot index becomes the same 409 the pre-check gives.
 * Anything else is rethrown untouched.
 */
export async function withSlotGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const index = violatedIndex(error);
    const toConflict = index ? byIndex[index] : undefined;
    if (toConflict) throw toConflict();
    throw error;
  }
}
