/**
 * A person's identifiers never reach the audit log (LGPD): the log says that they changed, not what
 * they were, so an account erased later leaves nothing of the person in a log that cannot be erased.
 *
 * - In every record, at any depth: e-mail, CPF, phone, WhatsApp, photo, a supplier's contact, and a
 *   named person's fields (`customerName`, `employee_phone`, …).
 * - `name` too where the record is a person: the top of a `user` or `employee` entry, and any
 *   object under a key that names people (`user`, `customer`, `employer`, `employees`, …).
 * - Not a store's own phone: it is the shop's public number (`GET /stores`).
 *
 * Migration 0032 applies the same rule, in SQL, to the entries written before it.
 */
const PERSONAL_MARK = '(dado pessoal)';

const ALWAYS =
  /^(email|cpf|phone|whatsapp|photo_?url|contact)$|^(customer|user|employee|employer|professional|manager|owner|tutor|recipient)_?(name|email|cpf|phone)$/i;
const PEOPLE = /^(user|customer|employee|employer|professional|manager|owner|tutor|recipient|staff)s?$/i;
const PERSON_ENTITIES = new Set(['user', 'employee']);
/** Top-level fields of an entity that are public, not a person's. */
const PUBLIC: Readonly<Record<string, readonly string[]>> = { store: ['phone'] };

function mask(value: unknown, person: boolean, keep: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => mask(item, person, []));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      if (keep.includes(key)) return [key, inner];
      if (ALWAYS.test(key) || (person && key === 'name')) return [key, PERSONAL_MARK];
      return [key, mask(inner, PEOPLE.test(key), [])];
    }),
  );
}

/** One side of an entry of `entity` with every person's identifier replaced by the mark. */
export const maskPersonal = (entity: string, side: Record<string, unknown> | null): Record<string, unknown> | null =>
  side && (mask(side, PERSON_ENTITIES.has(entity), PUBLIC[entity] ?? []) as Record<string, unknown>);
