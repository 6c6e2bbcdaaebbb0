import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helper';

/**
 * POST /user answers 409 to a taken e-mail or CPF (the contract), so an anonymous caller could test
 * who has an account; sign-ups are throttled per IP instead, successes not counted.
 */
let t: TestContext;
const MAX = 10;
beforeAll(async () => {
  t = await createTestContext({ SIGNUP_IP_MAX_ATTEMPTS: String(MAX) });
});
afterAll(() => t.close());

const signUp = (payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/user', payload, remoteAddress });

describe('probing for accounts through sign-up', () => {
  it('50 CPF probes sent together: only the budget is answered, the rest get 429 without a lookup', async () => {
    const owner = t.newUserPayload();
    expect((await signUp(owner, '10.50.0.1')).statusCode).toBe(201);
    const ip = '10.50.0.2';
    const probes = await Promise.all(
      Array.from({ length: 50 }, () => signUp({ ...t.newUserPayload(), cpf: owner.cpf }, ip)),
    );
    const statuses = probes.map((r) => r.statusCode);
    console.info(
      `sign-up probes: ${statuses.filter((s) => s === 409).length} × 409, ${statuses.filter((s) => s === 429).length} × 429 of 50`,
    );
    expect(statuses.filter((s) => s === 409)).toHaveLength(MAX);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - MAX);
    // Past the budget a free CPF gets the same answer as a taken one: nothing is told either way.
    const free = await signUp(t.newUserPayload(), ip);
    const taken = await signUp({ ...t.newUserPayload(), cpf: owner.cpf }, ip);
    expect(free.statusCode).toBe(429);
    expect(free.body).toBe(taken.body);
    expect(free.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Muitas tentativas de cadastro. Aguarde alguns minutos e tente novamente.',
    });
    // Another address is not affected.
    expect((await signUp(t.newUserPayload(), '10.50.0.3')).statusCode).toBe(201);
  });

  it('successful sign-ups from one address (a carrier NAT) do not use up its budget', async () => {
    const ip = '10.51.0.1';
    for (let i = 0; i < MAX + 5; i += 1) expect((await signUp(t.newUserPayload(), ip)).statusCode).toBe(201);
  });
});
