import type { PetView } from '@petshop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The caller's pets, for the booking form (same key and shape as the pets page, so they share the cache). */
export const getPets = async (signal?: AbortSignal) => (await apiRequest<PetView[]>('/pets', { signal })).data;

export const petsQueryOptions = () => queryOptions({ queryKey: ['pets'], queryFn: ({ signal }) => getPets(signal) });

export const usePets = () => useQuery(petsQueryOptions());
