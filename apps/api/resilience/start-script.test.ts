import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/helper';
import { type ApiProcess, killAllApiProcesses, startApiProcess } from '../test/support/api-process';

/**
 * `npm start` (scripts/start.mjs) and the API it starts go together, whichever of them is told to
 * stop or dies, within the API's 10 s shutdown deadline. No process is left behind.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let database: Awaited<ReturnType<typeof openTestDatabase>>;
const apiPids: number[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const pid of apiPids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  await killAllApiProcesses();
  await database?.close();
});

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The start script, without building the web app, and the pid of the API it started. */
async function startScript(detached = false) {
  const script = await startApiProcess({
    databaseUrl: database.url,
    command: ['scripts/start.mjs', '--no-build'],
    env: { LOG_LEVEL: 'warn' },
    detached,
  });
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(script.child.pid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter(Boolean);
  expect(children).toHaveLength(1);
  const api = children[0] as number;
  apiPids.push(api);
  return { script, api };
}

/** Seconds until both are gone; fails past `withinMs`. */
async function bothGone(script: ApiProcess, api: number, since: number, withinMs = 10_000) {
  const deadline = since + withinMs + 1000;
  const scriptRunning = () => script.child.exitCode === null && script.child.signalCode === null;
  while (alive(api) || scriptRunning()) {
    if (Date.now() > deadline) {
      throw new Error(`still running after ${withinMs} ms: script ${scriptRunning()}, api ${alive(api)}`);
    }
    await sleep(50);
  }
  return (Date.now() - since) / 1000;
}

describe('npm start and the API stop together', () => {
  it('SIGTERM to the start script: both exit', async () => {
    const { script, api } = await startScript();
    const at = Date.now();
    script.child.kill('SIGTERM');
    const seconds = await bothGone(script, api, at);
    console.info(`SIGTERM to scripts/start.mjs: both gone after ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(10);
    expect((await script.exited).code).toBe(0);
  });

  it('SIGTERM to the API: the start script exits with it', async () => {
    const { script, api } = await startScript();
    const at = Date.now();
    process.kill(api, 'SIGTERM');
    const seconds = await bothGone(script, api, at);
    console.info(`SIGTERM to the API: both gone after ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(10);
  });

  it('SIGTERM to the whole process group (Ctrl-C, a container stop): one clean exit', async () => {
    const { script, api } = await startScript(true);
    const at = Date.now();
    process.kill(-(script.child.pid as number), 'SIGTERM');
    const seconds = await bothGone(script, api, at);
    console.info(`SIGTERM to the process group: both gone after ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(10);
    expect((await script.exited).code).toBe(0);
  });

  it('the start script killed outright: the API does not outlive it', async () => {
    const { script, api } = await startScript();
    const at = Date.now();
    script.child.kill('SIGKILL');
    const seconds = await bothGone(script, api, at);
    console.info(`SIGKILL to scripts/start.mjs: the API gone after ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(10);
  });
});
