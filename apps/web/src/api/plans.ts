import type {
  ChangeWeekdayBody,
  PlanBody,
  PlanView,
  RecurringRevenueView,
  SubscribeBody,
  SubscriptionView,
} from '@petshop/domain';
import { apiRequest, getData, invalidate, pagedQueryOptions, saveTo } from '../lib/api-client';

export const plansKey = ['plans'] as const;
export const subscriptionsKey = ['subscriptions'] as const;

/** Active plans, public: the services page's offer. */
export const plansQueryOptions = () => ({
  queryKey: plansKey,
  queryFn: getData<PlanView[]>('/plans'),
  staleTime: 60_000,
});

/** The caller's subscriptions with their next dates. */
export const subscriptionsQueryOptions = () => ({
  queryKey: subscriptionsKey,
  queryFn: getData<SubscriptionView[]>('/subscriptions'),
});

export const subscribeMutation = () => ({
  mutationFn: ({ planId, body }: { planId: number; body: SubscribeBody }) =>
    apiRequest<SubscriptionView>(`/plans/${planId}/subscribe`, { method: 'POST', body }),
  onSuccess: invalidate(subscriptionsKey, ['appointments']),
});

export type SubscriptionAction = 'pause' | 'resume' | 'cancel';

export const subscriptionActionMutation = () => ({
  mutationFn: ({ id, action }: { id: number; action: SubscriptionAction }) =>
    apiRequest<SubscriptionView>(`/subscriptions/${id}/${action}`, { method: 'POST' }),
  onSuccess: invalidate(subscriptionsKey, ['appointments']),
});

export const changeWeekdayMutation = () => ({
  mutationFn: ({ id, body }: { id: number; body: ChangeWeekdayBody }) =>
    apiRequest<SubscriptionView>(`/subscriptions/${id}/weekday`, { method: 'POST', body }),
  onSuccess: invalidate(subscriptionsKey, ['appointments']),
});

/** Sandbox only: 'Simular autorização' in the payer's bank app. */
export const sandboxAuthorizeMutation = () => ({
  mutationFn: (id: number) =>
    apiRequest<{ idRec: string; status: string }>(`/sandbox/subscriptions/${id}/authorize`, { method: 'POST' }),
  onSuccess: invalidate(subscriptionsKey),
});

/** Sandbox only: the payer's bank settles the cycle that is scheduled. */
export const sandboxPayCycleMutation = () => ({
  mutationFn: (id: number) =>
    apiRequest<{ txid: string; outcome: string }>(`/sandbox/subscriptions/${id}/pay-cycle`, { method: 'POST' }),
  onSuccess: invalidate(subscriptionsKey),
});

// Admin

export const allPlansQueryOptions = () => ({
  queryKey: [...plansKey, 'all'],
  queryFn: getData<PlanView[]>('/plans/all'),
});

export const savePlanMutation = () => ({
  mutationFn: ({ id, body }: { id?: number | undefined; body: PlanBody }) => saveTo<PlanView>('/plans', id, body),
  onSuccess: invalidate(plansKey),
});

export const allSubscriptionsQueryOptions = (status: string) =>
  pagedQueryOptions<SubscriptionView>(
    [...subscriptionsKey, 'all', status],
    '/subscriptions/all',
    20,
    status ? { status } : {},
  );

export const recurringRevenueQueryOptions = () => ({
  queryKey: ['admin-reports', 'recurring-revenue'],
  queryFn: getData<RecurringRevenueView>('/admin/reports/recurring-revenue'),
});
