import { SUBSCRIPTION_STATUS, type SubscriptionStatus } from '@petshop/domain';
import { api, getData, invalidate, pagedQueryOptions } from '../lib/api-client';
import type { Body } from '../lib/typed-api';

export const plansKey = ['plans'] as const;
export const subscriptionsKey = ['subscriptions'] as const;

/** Active plans, public: the services page's offer. */
export const plansQueryOptions = () => ({
  queryKey: plansKey,
  queryFn: getData('/plans'),
  staleTime: 60_000,
});

/** The caller's subscriptions with their next dates. */
export const subscriptionsQueryOptions = () => ({
  queryKey: subscriptionsKey,
  queryFn: getData('/subscriptions'),
});

export const subscribeMutation = () => ({
  mutationFn: ({ planId, body }: { planId: number; body: Body<'post', '/plans/{id}/subscribe'> }) =>
    api.post('/plans/{id}/subscribe', { path: { id: planId }, body }),
  onSuccess: invalidate(subscriptionsKey, ['appointments']),
});

export type SubscriptionAction = 'pause' | 'resume' | 'cancel';

export const subscriptionActionMutation = () => ({
  mutationFn: ({ id, action }: { id: number; action: SubscriptionAction }) =>
    api.post(`/subscriptions/{id}/${action}`, { path: { id } }),
  onSuccess: invalidate(subscriptionsKey, ['appointments']),
});

export const changeWeekdayMutation = () => ({
  mutationFn: ({ id, body }: { id: number; body: Body<'post', '/subscriptions/{id}/weekday'> }) =>
    api.post('/subscriptions/{id}/weekday', { path: { id }, body }),
  onSuccess: invalidate(subscriptionsKey, ['appointments']),
});

/** Sandbox only: 'Simular autorização' in the payer's bank app. */
export const sandboxAuthorizeMutation = () => ({
  mutationFn: (id: number) => api.post('/sandbox/subscriptions/{id}/authorize', { path: { id } }),
  onSuccess: invalidate(subscriptionsKey),
});

/** Sandbox only: the payer's bank settles the cycle that is scheduled. */
export const sandboxPayCycleMutation = () => ({
  mutationFn: (id: number) => api.post('/sandbox/subscriptions/{id}/pay-cycle', { path: { id } }),
  onSuccess: invalidate(subscriptionsKey),
});

// Admin

export const allPlansQueryOptions = () => ({
  queryKey: [...plansKey, 'all'],
  queryFn: getData('/plans/all'),
});

export const savePlanMutation = () => ({
  mutationFn: ({ id, body }: { id?: number | undefined; body: Body<'post', '/plans'> }) =>
    id === undefined ? api.post('/plans', { body }) : api.put('/plans/{id}', { path: { id }, body }),
  onSuccess: invalidate(plansKey),
});

const isSubscriptionStatus = (value: string): value is SubscriptionStatus =>
  (Object.values(SUBSCRIPTION_STATUS) as string[]).includes(value);

/** `status` '' (or unknown): every subscription. */
export const allSubscriptionsQueryOptions = (status: string) =>
  pagedQueryOptions([...subscriptionsKey, 'all', status], (page, signal) =>
    api.get('/subscriptions/all', {
      query: { ...(isSubscriptionStatus(status) ? { status } : {}), ...page },
      signal,
    }),
  );

export const recurringRevenueQueryOptions = () => ({
  queryKey: ['admin-reports', 'recurring-revenue'],
  queryFn: getData('/admin/reports/recurring-revenue'),
});
