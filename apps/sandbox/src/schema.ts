/** The stand-ins' tables; the API's `db/schema.ts` gathers them so its migrations keep them. */
export * from './pix/pix-charges.schema';
export * from './pix/pix-recurrence.schema';
