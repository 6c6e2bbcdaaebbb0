import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const GOOGLE = 'https://accounts.google.com';

/**
 * What the card PSP adds to the page's outside origins when it is a real one: the origin the
 * browser tokenizes the card at (`connect-src`), and the issuers' 3-D Secure pages, which can be
 * on any HTTPS host and receive the challenge by a form post (`form-action`). The embedded sandbox
 * needs neither: it answers on the shop's own origin.
 */
export interface CardPspOrigins {
  tokenizeOrigin: string;
}

/** The CSP allows no inline script. Google Identity Services is the one outside origin (and a real card PSP's). */
const optionsFor = (card?: CardPspOrigins): Readonly<HelmetOptions> => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", `${GOOGLE}/gsi/client`],
      styleSrc: ["'self'", "'unsafe-inline'", `${GOOGLE}/gsi/style`],
      imgSrc: ["'self'", 'data:', 'https://*.googleusercontent.com'],
      connectSrc: ["'self'", `${GOOGLE}/gsi/`, ...(card ? [card.tokenizeOrigin] : [])],
      frameSrc: [`${GOOGLE}/gsi/`],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'", ...(card ? ['https:'] : [])],
      frameAncestors: ["'none'"],
    },
  },
  // Google's sign-in popup talks back through window.opener.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  crossOriginEmbedderPolicy: false,
});

/**
 * The headers helmet would set, worked out once: they depend on no request (no CSP nonces), so
 * building helmet's middleware and parsing the CSP on every request, as @fastify/helmet does, is
 * work thrown away on the hot path.
 */
function securityHeaders(card?: CardPspOrigins): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(optionsFor(card))({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/**
 * Security headers on every answer. Registered before any hook that may answer from `onRequest`
 * (the catalogue cache), so an answer sent early carries them too.
 */
export function registerSecurity(app: FastifyInstance, card?: CardPspOrigins) {
  const headers = securityHeaders(card);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
