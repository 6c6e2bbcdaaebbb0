import type { App } from '../../apps/api/src/app';

const WARM_UPS = 20;
export const CALLS = 200;

/** GETs `urlOf(i)` through the app 20 times to warm up, then 200 times: p50 and p99 of the answer times. */
export async function timeGets(app: App, headers: Record<string, string>, urlOf: (i: number) => string) {
  const call = async (i: number) => {
    const started = performance.now();
    const res = await app.inject({ url: urlOf(i), headers });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(res.body);
    return ms;
  };
  for (let i = 0; i < WARM_UPS; i += 1) await call(i);
  const times: number[] = [];
  for (let i = 0; i < CALLS; i += 1) times.push(await call(i));
  times.sort((a, b) => a - b);
  const percentile = (p: number) =>
    (times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0).toFixed(2);
  return `p50 ${percentile(50)} ms, p99 ${percentile(99)} ms`;
}
