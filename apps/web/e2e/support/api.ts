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

export interface ApiInit {
  method?: string;
  token?: string;
  body?: unknown;
}

export interface ApiAnswer<T> {
  status: number;
  data: T;
  message?: string;
}

/** A call to the real API that answers the status instead of throwing. */
export async function call<T>(path: string, init: ApiInit = {}): Promise<ApiAnswer<T>> {
  const response = await fetch(`${inject('baseUrl')}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  const payload = (text ? JSON.parse(text) : {}) as { data: T; message?: string };
  return { status: response.status, data: payload.data, message: payload.message };
}

/** The `data` of a call to the real API; any status but 2xx throws with the server's message. */
export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  const answer = await call<T>(path, init);
  if (answer.status >= 300)
    throw new Error(`${init.method ?? 'GET'} ${path} → ${answer.status}: ${answer.message ?? ''}`);
  return answer.data;
}

export const login = (email: string, password: string) =>
  api<Session>('/auth/login', { method: 'POST', body: { email, password } });

/** Registers a customer through the API and logs in; returns the session and the credentials used. */
export async function createCustomer(overrides: Partial<ReturnType<typeof newCustomer>> = {}) {
  const account = { ...newCustomer(), ...overrides };
  await api('/user', { method: 'POST', body: account });
  return { ...account, session: await login(account.email, account.password) };
}

export const loginAsAdmin = () => login(ADMIN_EMAIL, ADMIN_PASSWORD);
