import { jwtVerify, SignJWT } from 'jose';
import { badRequest } from '../../lib/app-error';

const AUDIENCE = 'petshop:google-registration';
const TTL = '15m';

export interface GoogleIdentity {
  email: string;
  name: string;
  photoURL: string | null;
}

/** A short-lived signed promise that Google vouched for this e-mail; POST /user accepts it to bind that e-mail. */
export const signGoogleTicket = (secret: string, identity: GoogleIdentity) =>
  new SignJWT({ email: identity.email.toLowerCase(), picture: identity.photoURL })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(TTL)
    .sign(new TextEncoder().encode(secret));

export async function verifyGoogleTicket(
  secret: string,
  ticket: string,
): Promise<{ email: string; photoURL: string | null }> {
  try {
    const { payload } = await jwtVerify(ticket, new TextEncoder().encode(secret), {
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    if (typeof payload.email !== 'string') throw new Error('no email');
    return { email: payload.email, photoURL: typeof payload.picture === 'string' ? payload.picture : null };
  } catch {
    throw badRequest('O cadastro com o Google expirou. Entre com o Google novamente.', 'INVALID_GOOGLE_TICKET');
  }
}
