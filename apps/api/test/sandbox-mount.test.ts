import { createSandboxes } from '@petshop/sandbox';
import { startPixStandIn } from '@petshop/sandbox/testing';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { openTestDatabase } from './helper';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const pixOptions = {
  clientId: 'cliente',
  clientSecret: 'segredo-do-cliente',
  webhookUrl: () => undefined,
  webhookSecret: 'segredo-do-webhook-123456',
};

describe('the stand-ins as the shop mounts them', () => {
  it('serve each PSP under its prefix and hand the shop no test switch', async () => {
    const app = Fastify({ logger: false });
    const sandboxes = createSandboxes({ db: database.db, log: app.log, pix: pixOptions });
    await app.register(sandboxes.plugin, { prefix: '/api/sandbox' });
    const basic = Buffer.from(`${pixOptions.clientId}:${pixOptions.clientSecret}`).toString('base64');
    const token = await app.inject({
      method: 'POST',
      url: '/api/sandbox/pix/oauth/token',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });
    expect(token.statusCode).toBe(200);
    // The payer's bank and nothing else: paying a charge, authorising a Pix Automático recurrence
    // and paying its cycle; no faults, no token revocation, no paying after expiry.
    expect(Object.keys(sandboxes.pix ?? {}).sort()).toEqual(['authorizeRec', 'pay', 'payCycle']);
    expect(Object.keys(sandboxes).sort()).toEqual(['pix', 'plugin', 'whenIdle']);
    await app.close();
  });

  it('mount nothing for a PSP that is configured for real', async () => {
    const app = Fastify({ logger: false });
    const sandboxes = createSandboxes({ db: database.db, log: app.log });
    await app.register(sandboxes.plugin, { prefix: '/api/sandbox' });
    expect((await app.inject({ method: 'POST', url: '/api/sandbox/pix/oauth/token' })).statusCode).toBe(404);
    expect(sandboxes.pix).toBeUndefined();
    await app.close();
  });
});

describe('a stand-in on its own port', () => {
  it('is refused in production', async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await expect(startPixStandIn({ db: database.db, ...pixOptions })).rejects.toThrow(/not production/);
    } finally {
      process.env.NODE_ENV = previous;
    }
  });
});
