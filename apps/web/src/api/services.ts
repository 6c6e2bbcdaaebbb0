import { getData } from '../lib/api-client';

/** The first page, as the home carousel shows it. */
export const servicesQueryOptions = () => ({
  queryKey: ['services'],
  queryFn: getData('/services'),
  staleTime: 5 * 60_000,
});

/** Every service (the catalogue's maximum page): /services and the employee form's select. */
export const allServicesQueryOptions = () => ({
  queryKey: ['services', 'all'],
  queryFn: getData('/services', { query: { limit: 200 } }),
  staleTime: 5 * 60_000,
});

export const serviceQueryOptions = (id: number) => ({
  queryKey: ['service', id],
  queryFn: getData('/services/{id}', { path: { id } }),
});
