import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helper';

/** A client that trickles its headers or its body (slowloris) is cut after REQUEST_TIMEOUT_MS. */
let t: TestContext;
const TIMEOUT_MS = 1000;
beforeAll(async () => {
  t = await createTestContext({ REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) });
});
afterAll(() => t.close());

/** Opens a raw connection, sends `first`, then `drip` every 200 ms; resolves with what came back and when it closed. */
function trickle(first: string, drip: string) {
  const { port } = new URL(t.baseUrl);
  return new Promise<{ answer: string; closedAfterMs: number }>((resolve) => {
    const started = Date.now();
    let answer = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(first));
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write(drip);
    }, 200);
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

describe('slow clients', () => {
  it('a body that never finishes: 408 in pt-BR, connection closed', async () => {
    const { answer, closedAfterMs } = await trickle(
      'POST /api/auth/login HTTP/1.1\r\nHost: loja\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"',
      'a',
    );
    console.info(`slow body cut after ${closedAfterMs} ms (REQUEST_TIMEOUT_MS=${TIMEOUT_MS})`);
    expect(answer).toMatch(/^HTTP\/1.1 408/);
    expect(answer).toContain('"code":"REQUEST_TIMEOUT"');
    expect(answer).toContain('demorou demais');
    expect(closedAfterMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(closedAfterMs).toBeLessThan(TIMEOUT_MS * 3);
  });

  it('headers that never finish: cut the same way', async () => {
    const { answer, closedAfterMs } = await trickle('GET /api/health HTTP/1.1\r\nHost: loja\r\n', 'X-Devagar: 1\r\n');
    console.info(`slow headers cut after ${closedAfterMs} ms`);
    expect(answer).toMatch(/^HTTP\/1.1 408/);
    // Node checks headers on its connection sweep: a little later than the body, still bounded.
    expect(closedAfterMs).toBeLessThan(TIMEOUT_MS * 6);
  });

  it('a normal request is not affected', async () => {
    expect((await fetch(`${t.baseUrl}/api/health`)).status).toBe(200);
  });
});
