import { z } from 'zod';

/**
 * Zod's own messages (a wrong type, a value out of an enum) in Portuguese: most schemas carry their
 * own, but anything the client may send reaches one of these, and the API answers in pt-BR.
 */
z.config(z.locales.ptBR());
