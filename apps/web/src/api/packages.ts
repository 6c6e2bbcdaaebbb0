import type {
  ExpiringCredit,
  PackageBody,
  PackageBuyBody,
  PackageView,
  PaymentResult,
  PetCredit,
} from '@petshop/domain';
import { apiRequest, getData, invalidate, saveTo } from '../lib/api-client';

export const packagesKey = ['packages'] as const;
export const adminPackagesKey = ['admin-packages'] as const;
export const creditsKey = ['credits'] as const;

/** The packages on sale (public): the services page's offer. */
export const packagesQueryOptions = () => ({
  queryKey: packagesKey,
  queryFn: getData<PackageView[]>('/packages'),
  staleTime: 60_000,
});

/** A pet's credits, one line per package bought for it. */
export const petCreditsQueryOptions = (petId: number | undefined) => ({
  queryKey: [...creditsKey, petId],
  queryFn: getData<PetCredit[]>(`/pets/${petId}/credits`),
  enabled: petId !== undefined,
});

export const buyPackageMutation = () => ({
  mutationFn: ({ packageId, body }: { packageId: number; body: PackageBuyBody }) =>
    apiRequest<PaymentResult>(`/packages/${packageId}/buy`, { method: 'POST', body }),
  onSuccess: invalidate(creditsKey, ['orders']),
});

/** Admin: every package, on sale or not. */
export const adminPackagesQueryOptions = () => ({
  queryKey: adminPackagesKey,
  queryFn: getData<PackageView[]>('/admin/packages'),
});

export const savePackageMutation = () => ({
  mutationFn: ({ id, body }: { id?: number; body: PackageBody }) => saveTo<PackageView>('/packages', id, body),
  onSuccess: invalidate(adminPackagesKey, packagesKey),
});

export const deletePackageMutation = () => ({
  mutationFn: (id: number) => apiRequest<undefined>(`/packages/${id}`, { method: 'DELETE' }),
  onSuccess: invalidate(adminPackagesKey, packagesKey),
});

/** The dashboard: credits with something left that expire within `days`. */
export const expiringCreditsQueryOptions = (days = 30) => ({
  queryKey: ['expiring-credits', days],
  queryFn: getData<ExpiringCredit[]>(`/admin/credits/expiring?days=${days}`),
});
