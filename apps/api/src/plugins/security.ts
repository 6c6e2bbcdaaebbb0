import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const GOOGLE = 'https://accounts.google.com';

/** Security headers; the CSP allows no inline script. Google Identity Services is the one outside origin. */
export async function registerSecurity(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", `${GOOGLE}/gsi/client`],
        styleSrc: ["'self'", "'unsafe-inline'", `${GOOGLE}/gsi/style`],
        imgSrc: ["'self'", 'data:', 'https://*.googleusercontent.com'],
        connectSrc: ["'self'", `${GOOGLE}/gsi/`],
        frameSrc: [`${GOOGLE}/gsi/`],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Google's sign-in popup talks back through window.opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
}
