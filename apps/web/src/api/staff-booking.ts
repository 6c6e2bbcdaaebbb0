import type { MutationFunctionContext } from '@tanstack/react-query';
import { api, getData, invalidate } from '../lib/api-client';
import type { Body } from '../lib/typed-api';
import { agendaKey } from './agenda';
import { appointmentsKey, availabilityKey } from './appointments';

/** Back office only: reception (and the owner, managers) booking on a customer's behalf. */

const CUSTOMER_SEARCH_SIZE = 10;

/** Customers matching a name, CPF, phone or e-mail (the server lists only customers to reception). */
export const customerSearchQueryOptions = (term: string) => ({
  queryKey: ['customer-search', term],
  queryFn: getData('/user', { query: { q: term, limit: CUSTOMER_SEARCH_SIZE } }),
  enabled: term.length >= 2,
  staleTime: 30_000,
});

export const customerPetsKey = (userId: number) => ['customer-pets', userId] as const;

/** A customer's pets, for the staff booking form. */
export const customerPetsQueryOptions = (userId: number) => ({
  queryKey: customerPetsKey(userId),
  queryFn: getData('/user/{id}/pets', { path: { id: userId } }),
});

/** Registers a pet for the customer; resolves once the pet list holds it, so the form can choose it. */
export const createCustomerPetMutation = (userId: number) => ({
  mutationFn: (body: Body<'post', '/user/{id}/pets'>) => api.post('/user/{id}/pets', { path: { id: userId }, body }),
  onSuccess: invalidate(customerPetsKey(userId)),
});

/** Books for the customer; slots and lists are refreshed whatever the answer (a 409: the list was stale). */
export const bookForCustomerMutation = (userId: number) => ({
  mutationFn: (body: Body<'post', '/user/{id}/appointments'>) =>
    api.post('/user/{id}/appointments', { path: { id: userId }, body }),
  onSettled: (
    _data: unknown,
    _error: unknown,
    _variables: unknown,
    _result: unknown,
    { client }: MutationFunctionContext,
  ) =>
    Promise.all([
      client.invalidateQueries({ queryKey: availabilityKey }),
      client.invalidateQueries({ queryKey: appointmentsKey }),
      client.invalidateQueries({ queryKey: agendaKey }),
    ]),
});
