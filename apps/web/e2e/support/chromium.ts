import { existsSync } from 'node:fs';

/** Debian's Chromium unless CHROMIUM_PATH says otherwise. A missing browser fails the run, never skips it. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium não encontrado em ${path}. Instale com "apt-get install -y chromium" ou defina CHROMIUM_PATH ` +
        'com o caminho do executável.',
    );
  }
  return path;
}
