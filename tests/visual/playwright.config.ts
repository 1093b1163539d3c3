import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';

// Visual regression over the static Storybook (`npm run build-storybook` first): every story in
// light and dark against the PNGs in __screenshots__/ (axe runs in the Vitest Storybook projects).
// Debian's Chromium renders
// the baselines, so they are only comparable with runs on the same browser build and fonts.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  // On a difference Playwright keeps <name>-actual.png, -expected.png and -diff.png here.
  outputDir: '../../test-results/visual',
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  // Locally a missing baseline is written (and that test fails once); in CI it is only a failure.
  updateSnapshots: process.env.CI ? 'none' : 'missing',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: {
    timeout: 10_000,
    toHaveScreenshot: { maxDiffPixelRatio: 0.001, animations: 'disabled', caret: 'hide' },
  },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: '../../playwright-report/visual' }]]
    : [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1024, height: 768 },
    deviceScaleFactor: 1,
    locale: 'en-GB',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
    trace: 'off',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
