import { api, getData, invalidate } from '../lib/api-client';
import type { Body } from '../lib/typed-api';

export const packagesKey = ['packages'] as const;
export const adminPackagesKey = ['admin-packages'] as const;
export const creditsKey = ['credits'] as const;

/** The packages on sale (public): the services page's offer. */
export const packagesQueryOptions = () => ({
  queryKey: packagesKey,
  queryFn: getData('/packages'),
  staleTime: 60_000,
});

/** A pet's credits, one line per package bought for it. */
export const petCreditsQueryOptions = (petId: number | undefined) => ({
  queryKey: [...creditsKey, petId],
  queryFn: getData('/pets/{id}/credits', { path: { id: petId ?? 0 } }),
  enabled: petId !== undefined,
});

export const buyPackageMutation = () => ({
  mutationFn: ({ packageId, body }: { packageId: number; body: Body<'post', '/packages/{id}/buy'> }) =>
    api.post('/packages/{id}/buy', { path: { id: packageId }, body }),
  onSuccess: invalidate(creditsKey, ['orders']),
});

/** Admin: every package, on sale or not. */
export const adminPackagesQueryOptions = () => ({
  queryKey: adminPackagesKey,
  queryFn: getData('/admin/packages'),
});

export const savePackageMutation = () => ({
  mutationFn: ({ id, body }: { id?: number; body: Body<'post', '/packages'> }) =>
    id === undefined ? api.post('/packages', { body }) : api.put('/packages/{id}', { path: { id }, body }),
  onSuccess: invalidate(adminPackagesKey, packagesKey),
});

export const deletePackageMutation = () => ({
  mutationFn: (id: number) => api.delete('/packages/{id}', { path: { id } }),
  onSuccess: invalidate(adminPackagesKey, packagesKey),
});

/** The dashboard: credits with something left that expire within `days`. */
export const expiringCreditsQueryOptions = (days = 30) => ({
  queryKey: ['expiring-credits', days],
  queryFn: getData('/admin/credits/expiring', { query: { days } }),
});
