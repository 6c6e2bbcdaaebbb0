import { inject } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './accounts';
import { newCustomer } from './fake-data';

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  cpf: string;
  phone: string;
  role: string;
}

export interface Session {
  user: SessionUser;
  token: string;
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${inject('baseUrl')}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const payload = (await response.json()) as { data: T; message?: string };
  if (!response.ok) throw new Error(`POST ${path} → ${response.status}: ${payload.message ?? ''}`);
  return payload.data;
}

export const login = (email: string, password: string) => post<Session>('/auth/login', { email, password });

/** Registers a customer through the API and logs in; returns the session and the credentials used. */
export async function createCustomer(overrides: Partial<ReturnType<typeof newCustomer>> = {}) {
  const account = { ...newCustomer(), ...overrides };
  await post('/user', account);
  return { ...account, session: await login(account.email, account.password) };
}

export const loginAsAdmin = () => login(ADMIN_EMAIL, ADMIN_PASSWORD);
