#!/usr/bin/env node
// `npm test`: every check, in the order that fails fastest. Installs what it needs.
import { ensureDependencies } from './lib/deps.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { ensureLxd } from './lib/lxd.mjs';

const TS_PROJECTS = [
  'packages/api',
  'packages/icons',
  'packages/ui',
  'apps/portal',
  'apps/server',
  '.',
];
const started = Date.now();
const timings = [];
async function step(name, work) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  await work();
  timings.push([name, Date.now() - t0]);
}

try {
  await step('dependencies', ensureDependencies);
  await step('chromium', ensureChromium);
  // In CI the LXD half of the tests is required; elsewhere it runs when an LXD answers.
  if (process.env.CI === 'true') await step('lxd', () => ensureLxd());
  const { runBin } = await import('./lib/run.mjs');
  const { buildAll } = await import('./lib/build.mjs');
  // Both are single-threaded and print only what they find: on two cores they run side by side.
  await step('typecheck and lint', () =>
    Promise.all([
      (async () => {
        for (const project of TS_PROJECTS) await runBin('tsc', ['-p', project, '--pretty']);
      })(),
      (async () => {
        await runBin('eslint', ['--max-warnings=0', '.']);
        await runBin('prettier', ['--check', '--log-level=warn', '.']);
      })(),
    ]),
  );
  await step('build', () => buildAll({ force: true }));
  await step('unit and server tests (vitest)', () => runBin('vitest', ['run']));
  // Every story in light and dark against tests/visual/__screenshots__; a difference fails here
  // and leaves actual, expected and diff PNGs in test-results/visual/.
  await step('visual regression (storybook build, playwright)', async () => {
    await runBin('storybook', ['build', '-o', 'storybook-static', '--quiet']);
    await runBin('playwright', ['test', '-c', 'tests/visual/playwright.config.ts']);
  });
  await step('end-to-end tests (playwright, chromium)', () => runBin('playwright', ['test']));
  console.log('\nAll checks passed.');
} catch (error) {
  console.error(`\n✖ ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  for (const [name, ms] of timings) console.log(`  ${name.padEnd(42)} ${(ms / 1000).toFixed(1)} s`);
  console.log(`  ${'total'.padEnd(42)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
