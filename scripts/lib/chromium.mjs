// Browser tests use Debian's Chromium (Playwright cannot download its own browsers here).
import { existsSync } from 'node:fs';
import { run } from './run.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep headless Chromium quiet and offline. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    await run('apt-get', ['update', '-qq']);
    await run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(CHROMIUM_PATH)) return;
  }
  console.error(`
The browser tests need Chromium at ${CHROMIUM_PATH}, and it is not there.
  On Debian or Ubuntu:  sudo apt-get install -y chromium
  Elsewhere: install Chromium and set CHROMIUM_PATH to its executable.
`);
  process.exit(1);
}
