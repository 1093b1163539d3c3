#!/usr/bin/env node
/* global window, document, requestAnimationFrame, MutationObserver -- page code */
// `npm run bench:list -- --area backup --route /backup --count 1000`: any area's list page with
// COUNT items, in Debian's Chromium, on the real built portal, the real server and the Auth
// emulator. Prints the time from navigation start to the first frame painted with data rows
// (median of 5 loads, or --loads) and how much of it the area's list reply took.
//
// The area provides the rows: `apps/server/src/areas/<area>/bench.ts` exports
// `seedBench(db, tenantCdbId, count)`, run on a fresh database (migrations and the demo data
// first) before the server starts, since the embedded PGlite is one process's at a time.
// Options: --loads N counts N loads (default 5; more to compare two builds); --seed names
// another seeder of that bench.ts (`--area admin --seed seedUsersBench`); --email (default
// acme@portal.test) and --tenant (default its tenant, UZZ100001) choose who looks; --api (a
// regular expression, default the route's /api/services path) picks the reply to time;
// BENCH_PROFILE=1 prints where the main thread spent the last load's time until its first rows.
// BENCH_SCREENSHOT=file.png saves a picture of the loaded list; BENCH_TRACE=1 prints, for each
// load, when each request before the first rows started and ended (what the rows waited for),
// and the page's performance marks, if it sets any while a cause is looked for.
// BENCH_TIMELINE=1 records the last load with the browser's own tracing and prints where its main
// thread spent the time until the first rows (script, style, layout, paint, idle), and its tasks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { buildAll } from './lib/build.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium } from './lib/chromium.mjs';
import { prepareBenchDatabase, fromServer } from './lib/bench-db.mjs';
import { startStack } from './lib/stack.mjs';
import { signIn } from './lib/portal-page.mjs';
import { median } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    area: { type: 'string' },
    route: { type: 'string' },
    count: { type: 'string', default: '1000' },
    email: { type: 'string', default: 'acme@portal.test' },
    tenant: { type: 'string', default: 'UZZ100001' },
    api: { type: 'string' },
    seed: { type: 'string', default: 'seedBench' },
    loads: { type: 'string', default: '5' },
  },
});
if (!args.area || !args.route) {
  console.error('usage: npm run bench:list -- --area <area> --route /<route> [--count N]');
  process.exit(2);
}
const COUNT = Number(args.count);
const LOADS = Number(args.loads);
const PASSWORD = 'Demo-pass-2026';
const apiPattern = args.api ?? `/api/services${args.route}(\\?|$)`;

/** Migrates, seeds the demo data and the area's rows, then closes the database for the server. */
async function prepareDatabase(dir) {
  const seeders = await fromServer(`src/areas/${args.area}/bench.ts`);
  const seed = seeders[args.seed];
  if (typeof seed !== 'function') throw new Error(`no ${args.seed} in ${args.area}/bench.ts`);
  await prepareBenchDatabase(dir, (db) => seed(db, args.tenant, COUNT));
}

const ms = (value) => `${Math.round(value)} ms`;

// In the page: when the first data row (a table row or, at phone width, a card) was painted,
// counted from navigation start.
function watchFirstRows() {
  window.__firstRows = null;
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[role="grid"] [role="row"][data-ri], [role="list"] li')) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__firstRows = performance.now();
      performance.mark('bench:first-rows');
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

await ensureChromium();
await buildAll();
const dataDir = mkdtempSync(join(tmpdir(), `bench-list-${args.area}-`));
console.log(`Preparing a database with ${COUNT} ${args.area} items for ${args.tenant}…`);
await prepareDatabase(join(dataDir, 'pglite'));
/**
 * BENCH_PROFILE=1: where the main thread spent the last load until its first rows (sampled every
 * 0.1 ms): self time by script and by function, the largest first.
 */
function printProfile(profile, from) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  // Each sample's time, in the profile's clock (µs); `from` (µs, same clock) keeps the later ones.
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (from !== undefined && at < from) return;
    const { functionName, url, lineNumber, columnNumber } = byId.get(id).callFrame;
    const file = url ? url.split('/').pop() : '(native)';
    const key = `${file} ${functionName || '(anonymous)'}:${lineNumber + 1}:${columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byFile = new Map();
  for (const [key, us] of self) {
    const file = key.split(' ')[0];
    byFile.set(file, (byFile.get(file) ?? 0) + us);
  }
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, us]) => `  ${(us / 1000).toFixed(1).padStart(6)} ms  ${key}`)
      .join('\n');
  console.log(`main thread by script:\n${top(byFile, 12)}\nby function:\n${top(self, 25)}`);
}

/**
 * BENCH_TIMELINE=1: the main thread's self time by kind of work from navigation start to the first
 * rows, in 50 ms bands, and the long tasks (over 8 ms) with what they did most.
 */
function printTimeline(buffer, firstRowsMs) {
  const { traceEvents: events } = JSON.parse(buffer.toString());
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  // The page's own mark at its first rows ties the trace's clock to navigation start.
  const mark = events.find((e) => e.name === 'bench:first-rows' && e.pid === main?.pid);
  const nav = mark ? mark.ts - firstRowsMs * 1000 : undefined;
  const end = nav + firstRowsMs * 1000;
  const spans = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur > 0)
    .filter((e) => e.ts + e.dur >= nav && e.ts <= end)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Self time: a span's duration less its children's, so nested work is counted once.
  const self = new Map();
  const stack = [];
  const kinds = new Map();
  const bandOf = new Map();
  const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
  const kind = (name) =>
    /^(EvaluateScript|v8\.compile|v8\.run|FunctionCall|TimerFire|EventDispatch|v8\.callFunction|RunMicrotasks|V8\.|v8\.)/.test(
      name,
    )
      ? 'script'
      : /UpdateLayoutTree|RecalculateStyles|ScheduleStyleRecalculation|ParseAuthorStyleSheet/.test(
            name,
          )
        ? 'style'
        : /^Layout|UpdateLayerTree|HitTest/.test(name)
          ? 'layout'
          : /Paint|Composite|Raster|Commit|PrePaint|Layerize/.test(name)
            ? 'paint'
            : /ParseHTML/.test(name)
              ? 'html'
              : name === 'RunTask' || name === 'ThreadControllerImpl::RunTask'
                ? 'task (other)'
                : `other: ${name}`;
  const finish = (span) => {
    const childDur = span.children;
    const own =
      Math.max(0, Math.min(span.e.ts + span.e.dur, end) - Math.max(span.e.ts, nav)) - childDur;
    if (own <= 0) return;
    add(self, span.e.name, own);
    add(kinds, kind(span.e.name), own);
    const band = Math.floor((Math.max(span.e.ts, nav) - nav) / 50_000);
    const key = `${band}`;
    if (!bandOf.has(key)) bandOf.set(key, new Map());
    add(bandOf.get(key), kind(span.e.name), own);
  };
  for (const e of spans) {
    while (stack.length > 0 && stack.at(-1).e.ts + stack.at(-1).e.dur <= e.ts) finish(stack.pop());
    const clipped = Math.min(e.ts + e.dur, end) - Math.max(e.ts, nav);
    if (stack.length > 0) stack.at(-1).children += Math.max(0, clipped);
    stack.push({ e, children: 0 });
  }
  while (stack.length > 0) finish(stack.pop());
  const msOf = (us) => `${(us / 1000).toFixed(1).padStart(6)} ms`;
  const busy = [...kinds.values()].reduce((a, b) => a + b, 0);
  console.log(
    `main thread, navigation start to first rows (${Math.round(firstRowsMs)} ms): busy ${msOf(busy)}`,
  );
  for (const [k, us] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`  ${msOf(us)}  ${k}`);
  console.log('by event:');
  for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`  ${msOf(us)}  ${k}`);
  console.log('by 50 ms band (busy time, largest kinds):');
  for (const [band, map] of [...bandOf].sort((a, b) => Number(a[0]) - Number(b[0]))) {
    const total = [...map.values()].reduce((a, b) => a + b, 0);
    const parts = [...map].sort((a, b) => b[1] - a[1]).slice(0, 3);
    console.log(
      `  ${String(Number(band) * 50).padStart(4)}–${String(Number(band) * 50 + 50).padEnd(4)} ms ` +
        `busy ${msOf(total)}: ${parts.map(([k, us]) => `${k} ${(us / 1000).toFixed(1)}`).join(', ')}`,
    );
  }
  console.log('tasks over 8 ms:');
  for (const e of spans.filter((x) => x.name === 'RunTask' && x.dur > 8000)) {
    const inner = spans
      .filter((x) => x !== e && x.ts >= e.ts && x.ts + x.dur <= e.ts + e.dur && x.dur > 1000)
      .filter((x) => x.name !== 'RunTask')
      .slice(0, 4)
      .map((x) => {
        const detail = x.args?.data?.url ? ` ${x.args.data.url.split('/').pop()}` : '';
        return `${x.name}${detail} ${(x.dur / 1000).toFixed(1)}`;
      });
    console.log(
      `  ${String(Math.round((e.ts - nav) / 1000)).padStart(4)} ms +${(e.dur / 1000).toFixed(1)}: ${inner.join(', ')}`,
    );
  }
}

const stack = await startStack({ dataDir, quiet: true, env: { LOG_LEVEL: 'warn' } });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${stack.url}/auth/signin`);
  await signIn(page, args.email, PASSWORD);

  await page.addInitScript(watchFirstRows);
  const firstRows = [];
  const replies = [];
  // The first load warms the server's caches and the browser's; it is not counted.
  const cdp = process.env.BENCH_PROFILE ? await context.newCDPSession(page) : null;
  for (let run = 0; run < LOADS + 1; run++) {
    const profiled = cdp && run === LOADS;
    const timeline = process.env.BENCH_TIMELINE && run === LOADS;
    if (timeline)
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'blink.user_timing',
          'loading',
          'v8.execute',
          'toplevel',
        ],
      });
    if (profiled) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${stack.url}${args.route}`);
    await page.waitForFunction(() => window.__firstRows !== null, null, { timeout: 60_000 });
    if (profiled) {
      // BENCH_PROFILE_FROM=name: only what came after the page's performance mark of that name.
      // The profile's clock is the browser's monotonic one: the page's now() at the stop ties the
      // two together (to within the stop's own few milliseconds).
      const { now, mark } = await page.evaluate(
        (name) => ({
          now: performance.now(),
          mark: name ? performance.getEntriesByName(name)[0]?.startTime : undefined,
        }),
        process.env.BENCH_PROFILE_FROM,
      );
      const { profile } = await cdp.send('Profiler.stop');
      printProfile(profile, mark === undefined ? undefined : profile.endTime - (now - mark) * 1000);
    }
    if (timeline) {
      const firstRowsAt = await page.evaluate(() => window.__firstRows);
      printTimeline(await browser.stopTracing(), firstRowsAt);
    }
    const { at, reply, trace } = await page.evaluate((pattern) => {
      const entry = performance
        .getEntriesByType('resource')
        .filter((e) => new RegExp(pattern).test(new URL(e.name).pathname + new URL(e.name).search))
        .filter((e) => e.responseEnd <= window.__firstRows)
        .at(-1);
      const trace = performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= window.__firstRows)
        .map((e) => {
          const url = new URL(e.name);
          const name = url.pathname.split('/').slice(-2).join('/') + url.search.slice(0, 40);
          return `${Math.round(e.startTime)}–${Math.round(e.responseEnd)} ms  ${name}`;
        });
      for (const mark of performance.getEntriesByType('mark'))
        trace.push(`${Math.round(mark.startTime)} ms  mark ${mark.name}`);
      return {
        at: window.__firstRows,
        reply: entry ? entry.responseEnd - entry.requestStart : null,
        trace,
      };
    }, apiPattern);
    if (process.env.BENCH_TRACE)
      console.log(`load ${run}: rows at ${Math.round(at)} ms\n  ${trace.join('\n  ')}`);
    if (run === 0) continue;
    firstRows.push(at);
    if (reply !== null) replies.push(reply);
  }
  const rows = await page.locator('[role="grid"] [role="row"][data-ri]').count();
  if (process.env.BENCH_SCREENSHOT) await page.screenshot({ path: process.env.BENCH_SCREENSHOT });
  console.log(`\n${args.route} with ${COUNT} items for ${args.email} (${rows} rows painted)`);
  console.log(
    `  first rows  ${ms(median(firstRows))} median of ${LOADS} loads ` +
      `(min ${ms(Math.min(...firstRows))}, max ${ms(Math.max(...firstRows))})`,
  );
  console.log(
    replies.length > 0
      ? `  list reply  ${ms(median(replies))} median (${apiPattern})`
      : `  list reply  none matched ${apiPattern} before the rows showed`,
  );
} finally {
  await browser.close();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
