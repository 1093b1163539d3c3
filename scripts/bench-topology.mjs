#!/usr/bin/env node
/* global window, document, requestAnimationFrame, MutationObserver -- page code */
// `npm run bench:topology`: the topology graph on /networking?tab=topology with BENCH_NETWORKS
// (default 50) networks and BENCH_VMS (default 500) VMs for acme@portal.test, in Debian's
// Chromium on the built portal, the real server and the Auth emulator. Prints:
//   first paint  page load → first frame with every graph node in the DOM (median of 3 loads)
//   panning      frame times while the pane is dragged for about 2 s (median, p95, worst)
// Exits 0 whatever the figures.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { buildAll } from './lib/build.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium } from './lib/chromium.mjs';
import { prepareBenchDatabase, fromServer } from './lib/bench-db.mjs';
import { startStack } from './lib/stack.mjs';
import { signIn } from './lib/portal-page.mjs';

const NETWORKS = Number(process.env.BENCH_NETWORKS ?? 50);
const VMS = Number(process.env.BENCH_VMS ?? 500);
const LOADS = 3;
const EMAIL = 'acme@portal.test';
const PASSWORD = 'Demo-pass-2026';

async function prepareDatabase(dir) {
  const { seedTopologyBench } = await fromServer('src/areas/networking/index.ts');
  await prepareBenchDatabase(dir, (db) =>
    seedTopologyBench(db, 'UZZ100001', { networks: NETWORKS, vms: VMS }),
  );
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const ms = (value) => `${value.toFixed(1)} ms`;

// In the page: when a frame first showed at least `wanted` graph nodes.
function watchGraph(wanted) {
  window.__graphPainted = null;
  const observer = new MutationObserver(() => {
    if (document.querySelectorAll('.react-flow__node').length < wanted) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__graphPainted = performance.now();
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

await ensureChromium();
await buildAll();
const dataDir = mkdtempSync(join(tmpdir(), 'bench-topology-'));
console.log(`Preparing a database with ${NETWORKS} networks and ${VMS} VMs for ${EMAIL}…`);
await prepareDatabase(join(dataDir, 'pglite'));
const stack = await startStack({ dataDir, quiet: true, env: { LOG_LEVEL: 'warn' } });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${stack.url}/auth/signin?redirect=%2Fnetworking`);
  await signIn(page, EMAIL, PASSWORD);

  // Every VM, network and gateway at least: the graph is whole.
  const wanted = VMS + NETWORKS;
  await page.addInitScript(watchGraph, wanted);
  const paints = [];
  for (let run = 0; run < LOADS + 1; run++) {
    await page.goto(`${stack.url}/networking?tab=topology`);
    await page.waitForFunction(() => window.__graphPainted !== null, null, { timeout: 120_000 });
    const at = await page.evaluate(() => window.__graphPainted);
    if (run > 0) paints.push(at); // the first load warms the caches
  }
  const nodes = await page.locator('.react-flow__node').count();

  // Panning: drag the pane in small steps and record every frame's duration.
  const pane = page.locator('.react-flow__pane');
  const box = await pane.boundingBox();
  if (!box) throw new Error('no graph pane');
  await page.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (window.__frames.length < 100_000 && !window.__stopFrames) requestAnimationFrame(tick);
    };
    window.__stopFrames = false;
    requestAnimationFrame(tick);
  });
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 0; step < 120; step++) {
    const angle = (step / 120) * Math.PI * 4;
    await page.mouse.move(x + Math.cos(angle) * 200, y + Math.sin(angle) * 120);
  }
  await page.mouse.up();
  const frames = await page.evaluate(() => {
    window.__stopFrames = true;
    return window.__frames.slice(1);
  });

  console.log(`\nTopology graph, ${NETWORKS} networks and ${VMS} VMs (${nodes} nodes drawn):`);
  console.log(
    `  first paint  median ${ms(quantile(paints, 0.5))} (${paints.map((p) => Math.round(p)).join(', ')} ms)`,
  );
  console.log(
    `  panning      ${frames.length} frames: median ${ms(quantile(frames, 0.5))}, p95 ${ms(quantile(frames, 0.95))}, worst ${ms(Math.max(...frames))}`,
  );
} finally {
  await browser.close();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
