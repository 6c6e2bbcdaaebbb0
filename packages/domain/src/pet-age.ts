/** Whole years from a birth date ('YYYY-MM-DD') to `today` (same format), never below zero. */
export const wholeYearsSince = (birthDate: string, today: string): number => {
  const [by = 0, bm = 0, bd = 0] = birthDate.split('-').map(Number);
  const [ty = 0, tm = 0, td = 0] = today.split('-').map(Number);
  const years = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
  return Math.max(0, years);
};

/** How a pet's age reads: months while it is under a year and its birth date is known, else years. */
export const petAgeText = (pet: { age: number; ageMonths: number | null }): string => {
  if (pet.ageMonths !== null && pet.ageMonths < 12) return pet.ageMonths === 1 ? '1 mês' : `${pet.ageMonths} meses`;
  return pet.age === 1 ? '1 ano' : `${pet.age} anos`;
};
