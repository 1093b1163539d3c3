#!/usr/bin/env node
// Renders key portal pages in light and dark (desktop and phone width) to PNGs for a person to
// look at: `node scripts/screenshots.mjs [outDir] [name,name…]` (default .data/screenshots, every
// page). Customer pages are seen as acme@portal.test, administration as the built-in administrator.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { repoRoot } from './lib/proc.mjs';
import { signIn } from './lib/portal-page.mjs';

// SCREENSHOT_DESKTOP=1440x900 sets the desktop viewport (default 1280x800).
const [desktopWidth, desktopHeight] = (process.env.SCREENSHOT_DESKTOP ?? '1280x800')
  .split('x')
  .map(Number);
const desktopSize = { width: desktopWidth || 1280, height: desktopHeight || 800 };
const outDir = process.argv[2] ?? join(repoRoot, '.data/screenshots');
const only = process.argv[3]?.split(',');
mkdirSync(outDir, { recursive: true });
const { buildAll } = await import('./lib/build.mjs');
await buildAll();
const { startStack } = await import('./lib/stack.mjs');
const { DEMO_PASSWORD } = await import('../apps/server/dist/demo.mjs');
const dataDir = mkdtempSync(join(tmpdir(), 'portal-shots-'));
const stack = await startStack({ dataDir, quiet: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

const shots = [
  { name: 'signin', path: '/auth/signin' },
  { name: 'forgot', path: '/auth/forgot' },
  { name: 'legal', path: '/legal/aup' },
  { name: 'compute', path: '/compute', signedIn: true },
  { name: 'compute-create', path: '/compute/create', signedIn: true },
  { name: 'compute-detail', path: '/compute/1', signedIn: true },
  { name: 'vwseries', path: '/vwseries', signedIn: true },
  { name: 'backup', path: '/backup', signedIn: true },
  { name: 'storage', path: '/storage', signedIn: true },
  { name: 'networking', path: '/networking', signedIn: true },
  { name: 'gateways', path: '/networking?tab=gateways', signedIn: true },
  { name: 'addresses', path: '/networking?tab=addresses', signedIn: true },
  { name: 'monitoring', path: '/monitoring', signedIn: true },
  { name: 'monitoring-detail', path: '/monitoring/1', signedIn: true },
  { name: 'license', path: '/license', signedIn: true },
  { name: 'crowdstrike', path: '/crowdstrike', signedIn: true },
  { name: 'crowdstrike-overview', path: '/crowdstrike/medr/1', signedIn: true },
  { name: 'crowdstrike-hosts', path: '/crowdstrike/medr/1?tab=hosts', signedIn: true },
  { name: 'crowdstrike-detections', path: '/crowdstrike/medr/1?tab=detections', signedIn: true },
  // The first host and detection of the first subscription (the demo seeds acme's first).
  { name: 'crowdstrike-host', path: '/crowdstrike/medr/1/hosts/1', signedIn: true },
  { name: 'crowdstrike-detection', path: '/crowdstrike/medr/1/detections/1', signedIn: true },
  { name: 'storage-detail', path: '/storage/1', signedIn: true },
  { name: 'compute-volumes', path: '/compute/1?tab=volumes', signedIn: true },
  { name: 'phishing', path: '/phishing-prevention', signedIn: true },
  { name: 'account', path: '/account', signedIn: true },
  // The current user's record unavailable (its server answers 502): "could not load your account".
  {
    name: 'account-unavailable',
    path: '/compute',
    signedIn: true,
    failing: '**/api/services/user/**',
    // After the frame's retries (about 7 s).
    waitFor: 'The portal could not load your account',
  },
  { name: 'users', path: '/user', signedIn: 'admin@portal.test' },
  { name: 'roles', path: '/role', signedIn: 'admin@portal.test' },
  { name: 'role-detail', path: '/role/2', signedIn: 'admin@portal.test' },
  { name: 'log', path: '/log', signedIn: 'admin@portal.test' },
].filter((shot) => !only || only.includes(shot.name));
try {
  for (const [viewport, size] of [
    ['desktop', desktopSize],
    ['phone', { width: 390, height: 844 }],
  ]) {
    for (const theme of ['light', 'dark']) {
      const context = await browser.newContext({ viewport: size });
      await context.addInitScript(
        (dark) => localStorage.setItem('portal.darkmode', String(dark)),
        theme === 'dark',
      );
      const page = await context.newPage();
      let signedIn = null;
      for (const shot of shots) {
        const as = shot.signedIn === true ? 'acme@portal.test' : shot.signedIn;
        if (as && as !== signedIn) {
          if (signedIn) {
            await page.goto(`${stack.url}/`);
            await page.getByRole('button', { name: 'Sign out' }).click();
            await page.waitForURL('**/auth/signin**');
          } else await page.goto(`${stack.url}/auth/signin`);
          await signIn(page, as, DEMO_PASSWORD);
          signedIn = as;
        }
        if (shot.failing) {
          await page.route(shot.failing, (route) =>
            route.fulfill({
              status: 502,
              contentType: 'application/json',
              body: JSON.stringify({ message: 'Bad gateway' }),
            }),
          );
        }
        await page.goto(`${stack.url}${shot.path}`);
        await page.waitForLoadState('networkidle');
        if (shot.waitFor) await page.getByText(shot.waitFor).waitFor({ timeout: 30_000 });
        const file = join(outDir, `${shot.name}-${viewport}-${theme}.png`);
        await page.screenshot({ path: file, fullPage: true });
        if (shot.failing) await page.unroute(shot.failing);
        console.log(file);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
