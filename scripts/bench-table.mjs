#!/usr/bin/env node
/* global window, document -- the functions passed to page.evaluate run in the browser */
// Prints how the virtualized DataTable performs with 10,000 rows in Debian's Chromium, from a
// production build (`vite build`) of packages/ui/bench/table.html:
//   first render  mount start → first frame painted with rows (median of 5 page loads)
//   search        keydown in the search box → frame painted with the filtered rows (median of 10)
//   scroll        frame durations while the body scrolls for 2 s (p50, p95, max, dropped frames)
// Targets: first render ≤ 150 ms, search ≤ 50 ms. Exits 0 whatever the figures unless `--strict`.
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium } from './lib/chromium.mjs';
import { median } from './lib/stats.mjs';

const TARGET_FIRST_RENDER_MS = 150;
const TARGET_SEARCH_MS = 50;
const LOADS = 5;
const SCROLL_MS = 2000;
const SCROLL_PX_PER_S = 4000;
const FRAME_MS = 1000 / 60;
// Queries typed into the search box; the timed keystroke is the last one that changes the result.
const QUERIES = [
  'web-01',
  'db stopped',
  'frankfurt 32',
  'ubuntu paris',
  'windows',
  '10.0.3',
  'gpu-09',
  'rocky 16',
  'cache error',
  'debian london',
];
const strict = process.argv.includes('--strict');

const root = fileURLToPath(new URL('..', import.meta.url));
const benchDir = join(root, 'packages/ui/bench');

await ensureChromium();
const outDir = mkdtempSync(join(tmpdir(), 'bench-table-'));

console.log('Building packages/ui/bench/table.html (vite build, production)…');
await build({
  configFile: false,
  root: benchDir,
  base: './',
  logLevel: 'warn',
  plugins: [react()],
  build: { outDir, emptyOutDir: true, rollupOptions: { input: join(benchDir, 'table.html') } },
});

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer((request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
  const file = resolve(outDir, `.${path === '/' ? '/table.html' : path}`);
  if (!file.startsWith(outDir) || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const address = server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/table.html`;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => `${value.toFixed(1)} ms`;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
let failed = false;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));

  // First render, over fresh page loads.
  const renders = [];
  for (let i = 0; i < LOADS; i++) {
    await page.goto(url);
    await page.waitForFunction(() => window.bench?.firstRender !== undefined, null, {
      timeout: 30_000,
    });
    renders.push(await page.evaluate(() => window.bench.firstRender));
  }
  const rendered = await page.evaluate(() => window.bench.renderedRows());

  // Search: type all but the timed keystroke, wait for those results, then time the keystroke.
  const box = page.getByRole('searchbox', { name: 'Search' });
  const showing = (count) =>
    page.waitForFunction(
      (n) => document.querySelector('[role="grid"]')?.getAttribute('aria-rowcount') === String(n),
      count + 1,
    );
  const searches = [];
  for (const query of QUERIES) {
    const counts = await page.evaluate(
      (q) => [...q].map((_, i) => window.bench.countMatches(q.slice(0, i + 1))),
      query,
    );
    let split = query.length - 1;
    while (split > 0 && counts[split] === counts[split - 1]) split--;
    const before = split === 0 ? 10_000 : counts[split - 1];
    const after = counts[split];
    if (before === after) {
      console.warn(`  (skipped "${query}": no keystroke changes its results)`);
      continue;
    }
    await box.fill(query.slice(0, split));
    await showing(before);
    await page.evaluate((n) => {
      window.pendingSearch = window.bench.timeNextSearch(n);
    }, after);
    await page.keyboard.press(query[split]);
    searches.push({
      query: `${query.slice(0, split)}[${query[split]}]`,
      rows: after,
      ms: await page.evaluate(() => window.pendingSearch),
    });
    await box.fill('');
    await showing(10_000);
  }

  // Scroll: a warm-up pass, then the timed one.
  await page.evaluate(() => window.bench.scroll(500, 4000));
  const deltas = await page.evaluate(
    ([t, v]) => window.bench.scroll(t, v),
    [SCROLL_MS, SCROLL_PX_PER_S],
  );
  const dropped = deltas.reduce((sum, d) => sum + Math.max(0, Math.round(d / FRAME_MS) - 1), 0);

  const version = browser.version();
  const firstRender = median(renders);
  const search = median(searches.map((s) => s.ms));
  const verdict = (value, target) => (value <= target ? 'PASS' : 'FAIL');
  failed = firstRender > TARGET_FIRST_RENDER_MS || search > TARGET_SEARCH_MS;

  console.log(`\nDataTable, virtualized, 10,000 rows — Chromium ${version}, production build`);
  console.log(`\nFirst render (mount → first painted frame with rows), ${LOADS} loads`);
  console.log(`  runs:   ${renders.map(ms).join(', ')}`);
  console.log(
    `  median: ${ms(firstRender)}   target ≤ ${TARGET_FIRST_RENDER_MS} ms   ${verdict(firstRender, TARGET_FIRST_RENDER_MS)}`,
  );
  console.log(`  rows in the DOM: ${rendered} of 10,000`);
  console.log(
    `\nSearch (keydown → painted frame with the filtered rows), ${searches.length} searches`,
  );
  for (const s of searches)
    console.log(`  ${s.query.padEnd(18)} ${String(s.rows).padStart(5)} rows  ${ms(s.ms)}`);
  console.log(
    `  median: ${ms(search)}   target ≤ ${TARGET_SEARCH_MS} ms   ${verdict(search, TARGET_SEARCH_MS)}`,
  );
  console.log(
    `\nScroll (${SCROLL_MS / 1000} s at ${SCROLL_PX_PER_S} px/s, ${deltas.length} frames, frame durations)`,
  );
  console.log(
    `  p50 ${ms(percentile(deltas, 50))}   p95 ${ms(percentile(deltas, 95))}   max ${ms(Math.max(...deltas))}   dropped frames ${dropped}`,
  );
  console.log(
    `\n${failed ? 'FAIL' : 'PASS'}${failed && !strict ? ' (reported only; pass --strict to fail the run)' : ''}`,
  );
} finally {
  await browser.close();
  server.close();
  rmSync(outDir, { recursive: true, force: true });
}
if (failed && strict) process.exitCode = 1;
