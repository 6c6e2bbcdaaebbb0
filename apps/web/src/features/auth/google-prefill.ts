/** Navigation state set after a first Google sign-in (API.md: the `registration` answer). */
export interface GooglePrefill {
  email: string;
  name?: string | undefined;
  photoURL?: string | undefined;
  googleTicket?: string | undefined;
}

const optionalText = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** Navigation state is untyped; anything without an e-mail is ignored (checked by hand: no zod on /register). */
export function readGooglePrefill(state: unknown): GooglePrefill | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { email, name, photoURL, googleTicket } = state as Record<string, unknown>;
  if (typeof email !== 'string' || email === '') return undefined;
  const photo = optionalText(photoURL);
  return {
    email,
    name: typeof name === 'string' ? name : undefined,
    photoURL: photo && isHttpUrl(photo) ? photo : undefined,
    googleTicket: optionalText(googleTicket),
  };
}
