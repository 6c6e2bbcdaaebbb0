/**
 * The till forms' domain schemas, in a chunk of their own with zod (`till-schema.ts` loads it): fetched
 * when a till field first gets the focus (or on the first submit), so the till's first load goes
 * without zod (docs/decisions/0124).
 */
export { closeSessionBody, openSessionBody, posSaleBody } from '@petshop/domain';
