import { z } from 'zod';

/** Navigation state set after a first Google sign-in (API.md: the `registration` answer). */
export const googlePrefill = z.object({
  email: z.string().min(1),
  name: z.string().optional(),
  photoURL: z.url().optional(),
  googleTicket: z.string().min(1).optional(),
});
export type GooglePrefill = z.infer<typeof googlePrefill>;

/** Navigation state is untyped; anything without an e-mail is ignored. */
export function readGooglePrefill(state: unknown): GooglePrefill | undefined {
  const parsed = googlePrefill.safeParse(state);
  return parsed.success ? parsed.data : undefined;
}
