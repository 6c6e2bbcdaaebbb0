type Schemas = typeof import('./pos-schemas');

/** `schema` of a till form, fetched with zod on the form's first use: `tillSchema((s) => s.posSaleBody)`. */
export const tillSchema = <T>(pick: (schemas: Schemas) => T) => ({
  load: () => import('./pos-schemas').then(pick),
});
