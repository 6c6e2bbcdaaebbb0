import { type PublicUser, STORAGE_KEYS } from '@petshop/domain';
import { useSyncExternalStore } from 'react';

/** The session lives in localStorage under 'user' and 'token' (SPEC section 9). */
export interface Session {
  user: PublicUser | null;
  token: string | null;
}

const listeners = new Set<() => void>();
let cached: Session | null = null;

function read(): Session {
  if (cached) return cached;
  let user: PublicUser | null = null;
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    user = raw ? (JSON.parse(raw) as PublicUser) : null;
  } catch {
    user = null;
  }
  cached = { user, token: localStorage.getItem(STORAGE_KEYS.token) };
  return cached;
}

function emit() {
  cached = null;
  for (const listener of listeners) listener();
}

export const getSession = read;
export const getToken = () => read().token;

export function saveSession(user: PublicUser, token: string) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  localStorage.setItem(STORAGE_KEYS.token, token);
  emit();
}

/** Keeps the token; used after a profile update (SPEC section 4). */
export function saveUser(user: PublicUser) {
  const previous = read().user;
  const merged = { ...user, photoURL: user.photoURL ?? previous?.photoURL ?? null };
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(merged));
  emit();
}

export function clearSession() {
  localStorage.removeItem(STORAGE_KEYS.user);
  localStorage.removeItem(STORAGE_KEYS.token);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.user || event.key === STORAGE_KEYS.token || event.key === null) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const useSession = (): Session => useSyncExternalStore(subscribe, read, read);
