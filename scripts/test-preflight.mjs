// The first step of `npm test`: what the suites need from the system, checked in seconds, so a
// fresh machine learns it at once and not after twenty minutes of tests.
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { delimiter, join } from 'node:path';

/** A program on PATH or in the system folders Debian installs it to (root's PATH has sbin, others may not). */
const findProgram = (name) =>
  [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/bin', '/sbin', '/bin'].some(
    (dir) => dir && existsSync(join(dir, name)),
  );

/** Whether something answers on the URL's host and port (a TCP connection, nothing sent). */
function reachable(url, defaultPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname || '127.0.0.1', port: Number(port || defaultPort) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** What is missing: Debian packages to install, and services that do not answer. */
export async function missingForTests(env = process.env) {
  const packages = [];
  const services = [];
  const chromium = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium))
    packages.push({ name: 'chromium', why: `navegador dos testes de interface (${chromium})` });
  if (env.TEST_DATABASE_URL) {
    if (!findProgram('nginx'))
      packages.push({ name: 'nginx-light', why: 'três instâncias atrás do proxy (resiliência)' });
    if (!findProgram('pg_dump'))
      packages.push({ name: 'postgresql-client', why: 'npm run backup / restore no PostgreSQL' });
    if (!(await reachable(env.TEST_DATABASE_URL, 5432)))
      services.push(`PostgreSQL não responde em TEST_DATABASE_URL (${new URL(env.TEST_DATABASE_URL).host})`);
  }
  if (env.TEST_REDIS_URL && !(await reachable(env.TEST_REDIS_URL, 6379)))
    services.push(`Redis não responde em TEST_REDIS_URL (${new URL(env.TEST_REDIS_URL).host})`);
  return { packages, services };
}

/** The lines to print, or none when everything is there. */
export function report({ packages, services }) {
  const lines = [];
  if (packages.length > 0) {
    lines.push('Faltam programas do sistema para os testes:');
    for (const p of packages) lines.push(`  - ${p.name}: ${p.why}`);
    lines.push(`Instale com: apt-get install -y ${packages.map((p) => p.name).join(' ')}`);
  }
  if (services.length > 0) {
    lines.push('Serviços que os testes pedem e não respondem:');
    for (const s of services) lines.push(`  - ${s}`);
  }
  return lines;
}
