#!/usr/bin/env node
// Prints the gzipped JavaScript the browser downloads before the sign-in page, and before
// /compute, are interactive. Measured in Debian's Chromium against the real built stack, cold cache.
// Budget (issue 22): at most 150 KB gzipped before the sign-in page, 180 KB before /compute; the
// command fails above either.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ensureDependencies } from './lib/deps.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium } from './lib/chromium.mjs';
import { signIn } from './lib/portal-page.mjs';

const BUDGET_KB = { signin: 150, compute: 180 };
await ensureDependencies();
await ensureChromium();
const { buildAll } = await import('./lib/build.mjs');
await buildAll();
const { startStack } = await import('./lib/stack.mjs');
const { DEMO_PASSWORD } = await import('../apps/server/dist/demo.mjs');

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const stack = await startStack({ dataDir, quiet: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

/** Loads `path` with the cache disabled and sums the JavaScript responses until `ready` resolves. */
async function measure(page, path, ready) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const files = new Map();
  const onResponse = async (response) => {
    const url = response.url();
    if (!url.startsWith(stack.url) || !/\.m?js(\?|$)/.test(url)) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    files.set(url, { raw: body.length, gzip: gzipSync(body).length });
  };
  page.on('response', onResponse);
  await page.goto(`${stack.url}${path}`);
  await ready();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const total = [...files.values()].reduce(
    (sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip }),
    { raw: 0, gzip: 0 },
  );
  return { files, total };
}

const report = (label, budgetKb, { files, total }) => {
  const kb = (n) => (n / 1024).toFixed(1);
  console.log(
    `\n${label}: ${kb(total.gzip)} KB gzipped (${kb(total.raw)} KB raw) in ${files.size} files — budget ${budgetKb} KB`,
  );
  for (const [url, f] of [...files].sort((a, b) => b[1].gzip - a[1].gzip)) {
    console.log(`  ${kb(f.gzip).padStart(7)} KB  ${url.replace(stack.url, '')}`);
  }
  return total.gzip <= budgetKb * 1024;
};

let ok = true;
try {
  const page = await browser.newPage();
  const signin = await measure(page, '/auth/signin', () =>
    page.getByRole('button', { name: 'Sign in' }).waitFor(),
  );
  ok = report('Before the sign-in page is interactive', BUDGET_KB.signin, signin) && ok;

  await signIn(page, 'acme@portal.test', DEMO_PASSWORD);

  const compute = await measure(page, '/compute', () =>
    page.getByRole('heading', { name: 'Virtual machines', exact: true }).waitFor(),
  );
  ok =
    report('Before /compute is interactive (signed in, cold cache)', BUDGET_KB.compute, compute) &&
    ok;
} finally {
  await browser.close();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(ok ? '\nWithin budget.' : '\nOVER BUDGET.');
process.exitCode = ok ? 0 : 1;
