#!/usr/bin/env node
// Prints the gzipped JavaScript the browser requests before the sign-in page, and before /compute,
// are interactive (and, apart, what it requests once they are). Measured in Debian's Chromium against the real built stack, cold cache.
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

/**
 * Loads `path` with the cache disabled and sums the JavaScript requested until `ready` resolves
 * (what the page needs to be interactive). Files requested after it, until the network is idle,
 * are listed apart: code loaded in the background once the page is up (the identity SDK).
 */
async function measure(page, path, ready) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const files = new Map();
  const later = new Set();
  let interactive = false;
  const isOurScript = (url) => url.startsWith(stack.url) && /\.m?js(\?|$)/.test(url);
  const onRequest = (request) => {
    if (interactive && isOurScript(request.url())) later.add(request.url());
  };
  const onResponse = async (response) => {
    const url = response.url();
    if (!isOurScript(url)) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    files.set(url, { raw: body.length, gzip: gzipSync(body).length });
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  await page.goto(`${stack.url}${path}`);
  await ready();
  interactive = true;
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  page.off('response', onResponse);
  const sum = (entries) =>
    entries.reduce((total, [, f]) => ({ raw: total.raw + f.raw, gzip: total.gzip + f.gzip }), {
      raw: 0,
      gzip: 0,
    });
  const before = [...files].filter(([url]) => !later.has(url));
  const after = [...files].filter(([url]) => later.has(url));
  return { before, after, total: sum(before), background: sum(after) };
}

const kb = (n) => (n / 1024).toFixed(1);
const list = (entries) => {
  for (const [url, f] of [...entries].sort((a, b) => b[1].gzip - a[1].gzip)) {
    console.log(`  ${kb(f.gzip).padStart(7)} KB  ${url.replace(stack.url, '')}`);
  }
};

const report = (label, budgetKb, { before, after, total, background }) => {
  console.log(
    `\n${label}: ${kb(total.gzip)} KB gzipped (${kb(total.raw)} KB raw) in ${before.length} files — budget ${budgetKb} KB`,
  );
  list(before);
  if (after.length) {
    console.log(
      `  then, requested once interactive (not counted): ${kb(background.gzip)} KB gzipped in ${after.length} files`,
    );
    list(after);
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
