import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../src/config';
import { freePort } from '../../test/support/api-process';

/** The nginx site the deployment guide ships (docs/deploy.md). */
export const SITE = join(repoRoot, 'deploy/nginx/petshop.conf');

/**
 * The shipped site with this machine's ports: `listen` on a loopback port instead of 80, and one
 * `server` line per instance in the upstream. Everything else (headers, retries, timeouts) as shipped.
 */
export function renderSite(site: string, listenPort: number, upstreamPorts: number[]) {
  const servers = upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join('\n');
  const rendered = site
    .replace(/^(\s*)server 127\.0\.0\.1:\d+ [^\n]*\n(?:\s*server 127\.0\.0\.1:\d+ [^\n]*\n)*/m, `${servers}\n`)
    .replace(/^\s*listen \[::\]:80;\n/m, '')
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${listenPort};`);
  if (!rendered.includes(`listen 127.0.0.1:${listenPort};`) || !rendered.includes(servers)) {
    throw new Error('the shipped nginx site no longer has the shape this test rewrites');
  }
  return rendered;
}

/** nginx (Debian's package) in the foreground with the shipped site, on a free loopback port. */
export async function startNginx(upstreamPorts: number[]) {
  const dir = mkdtempSync(join(tmpdir(), 'petshop-nginx-'));
  // Workers drop root to nobody: they must reach their temporary folders.
  chmodSync(dir, 0o755);
  const port = await freePort();
  writeFileSync(join(dir, 'site.conf'), renderSite(readFileSync(SITE, 'utf8'), port, upstreamPorts));
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
  );
  const binary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path)) ?? 'nginx';
  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.once('error', (error) => {
    output += `${error.message} (Debian: apt-get install nginx-light)`;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || (child.pid === undefined && output))
      throw new Error(`nginx did not start: ${output}`);
    if (Date.now() > deadline) throw new Error(`nginx did not listen within 10 s: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    errors: () => readFileSync(join(dir, 'error.log'), 'utf8'),
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
