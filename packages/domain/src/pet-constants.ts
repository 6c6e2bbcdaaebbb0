// The pet forms' limits, apart from their zod schemas: a page that shows a form imports these
// without loading zod (it loads with the form's first use).
export const PET_AGE_MAX = 40;
export const PET_NOTES_MAX = 1000;
export const PET_BREED_MAX = 60;

export const VACCINE_NAME_MAX = 80;
export const PET_WEIGHT_MAX_KG = 150;
/** A vaccine due within this many days is "due soon": the card flags it and its owner gets a reminder. */
export const VACCINE_DUE_SOON_DAYS = 7;
