import { playwright } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.mjs';

/**
 * Every story as a browser test: it renders, its `play` function runs, and the a11y addon fails
 * the test on any axe violation (`parameters.a11y.test: 'error'` in `.storybook/preview.tsx`).
 * The theme is pinned through the toolbar global: light here; the visual step (tests/visual),
 * which renders every story in dark anyway, runs axe on each there, so contrast is checked in
 * both without rendering and playing every story a second time in Vitest.
 */
function storybookProject(name: string, theme: 'light' | 'dark'): TestProjectInlineConfiguration {
  return {
    extends: true,
    plugins: [
      // Keeps addon-docs' React aliasing: the root package has no `react` of its own to resolve.
      storybookTest({
        configDir: '.storybook',
        initialGlobals: { theme },
        disableAddonDocs: false,
      }),
      // Both theme projects start at once: each pre-bundles into its own Vite cache.
      {
        name: 'portal:storybook-cache',
        config: () => ({ cacheDir: `node_modules/.vite/${name}` }),
      },
    ],
    test: {
      name,
      browser: {
        enabled: true,
        headless: true,
        // Debian's Chromium: Playwright cannot download its own browsers here.
        provider: playwright({
          launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
        }),
        instances: [{ browser: 'chromium' }],
      },
    },
  };
}

// One run, several projects: each package keeps its own environment (node or happy-dom); the
// stories run in Chromium, once per theme.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on the two-core machines this
    // suite runs on, where the files would run one at a time while much of each one's time is
    // spent waiting on the database, the Auth emulator and LXD.
    maxWorkers: 2,
    projects: [
      'packages/api',
      'packages/ui',
      'apps/portal',
      'apps/server',
      {
        test: {
          name: 'lint',
          environment: 'node',
          include: ['tests/lint/*.test.ts'],
          // Each case is an ESLint run; the first loads the whole configuration and its plugins,
          // which takes several seconds on a machine busy with the other projects.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      storybookProject('storybook', 'light'),
    ],
  },
});
