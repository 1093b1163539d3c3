import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, sep } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { readStories, type StoryEntry } from './stories.ts';

type Theme = 'light' | 'dark';
const THEMES: Theme[] = ['light', 'dark'];
const BASELINES = join(import.meta.dirname, '__screenshots__');
const stories = readStories();
/** `__screenshots__/<theme>/<story id>.png` */
const baselinePath = (story: StoryEntry, theme: Theme) => [theme, `${story.id}.png`];

/** What the preview exposes; only the parts used here. */
interface PreviewWindow {
  __STORYBOOK_PREVIEW__?: {
    currentRender?: { id?: string; phase?: string };
    channel: {
      emit: (event: string, data: unknown) => void;
      on: (
        event: string,
        listener: (data: { newPhase?: string; storyId?: string }) => void,
      ) => void;
    };
  };
  /** The stories whose play function has started and not yet ended (see `previewFor`). */
  __playing?: Set<string>;
  /** Restarts the seeded `Math.random` (installed below), so each story sees the same numbers. */
  __reseedRandom?: () => void;
}

/**
 * One page per theme and worker, loaded once: each story is then shown by the preview's own
 * story switch (what the Storybook sidebar does), which is several times faster than loading the
 * preview again for each of ~450 pictures. Globals (the theme) stay as the URL set them.
 */
const test = base.extend<object, { previewFor: (theme: Theme) => Promise<Page> }>({
  previewFor: [
    async ({ browser }, use, workerInfo) => {
      const pages = new Map<Theme, Page>();
      const { viewport, deviceScaleFactor, locale, timezoneId, reducedMotion } =
        workerInfo.project.use;
      await use(async (theme) => {
        const open = pages.get(theme);
        if (open) return open;
        const context = await browser.newContext({
          viewport,
          deviceScaleFactor,
          locale,
          timezoneId,
          reducedMotion,
          colorScheme: theme,
        });
        const page = await context.newPage();
        // Stories that show "now" or random data render the same on every run.
        await page.clock.setFixedTime(new Date('2026-01-15T09:30:00Z'));
        await page.addInitScript(() => {
          let seed = 0;
          (window as PreviewWindow).__reseedRandom = () => {
            seed = 0x2f6b3a1d;
          };
          (window as PreviewWindow).__reseedRandom?.();
          Math.random = () => {
            seed = (seed + 0x6d2b79f5) | 0;
            let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
            t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
            return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
          };
        });
        // a11y.manual: the addon does not run axe by itself here (the Vitest Storybook project
        // runs it in light; this step runs it in dark, below).
        const globals = `theme:${theme};a11y.manual:!true`;
        await page.goto(
          `${process.env.STORYBOOK_URL}/iframe.html?id=${stories[0]?.id ?? ''}&viewMode=story&globals=${globals}`,
        );
        await page.waitForFunction(() => Boolean((window as PreviewWindow).__STORYBOOK_PREVIEW__));
        // A render can reach 'finished' while the story's play function still runs: the preview
        // renders again at once, without waiting, when args or globals change during a play. The
        // play's own start and end are followed here, so a picture waits for the play to end (CI
        // once pictured AppShell / Many Items mid-play: its last entry focused, the drawer scrolled).
        await page.evaluate(() => {
          const preview = window as PreviewWindow;
          const playing = new Set<string>();
          preview.__playing = playing;
          preview.__STORYBOOK_PREVIEW__?.channel.on(
            'storyRenderPhaseChanged',
            ({ newPhase, storyId }) => {
              if (!storyId) return;
              if (newPhase === 'playing') playing.add(storyId);
              else if (newPhase === 'played' || newPhase === 'errored' || newPhase === 'aborted')
                playing.delete(storyId);
            },
          );
        });
        pages.set(theme, page);
        return page;
      });
      for (const page of pages.values()) await page.context().close();
    },
    { scope: 'worker' },
  ],
});

const DESKTOP = { width: 1024, height: 768 };
/** Stories tagged `phone` are captured at a phone's width, so their media queries apply. */
const PHONE = { width: 414, height: 896 };

/** Shows one story, waits for its render and `play` to finish and for its fonts. */
async function showStory(
  page: Page,
  story: StoryEntry,
  viewport: { width: number; height: number },
) {
  const id = story.id;
  await page.setViewportSize((story.tags ?? []).includes('phone') ? PHONE : viewport);
  await page.evaluate((storyId) => {
    const preview = (window as PreviewWindow).__STORYBOOK_PREVIEW__;
    if (preview?.currentRender?.id === storyId) return;
    (window as PreviewWindow).__reseedRandom?.();
    preview?.channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
  }, id);
  const phase = await page.waitForFunction((storyId) => {
    const render = (window as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender;
    return (
      render?.id === storyId &&
      ['finished', 'errored', 'aborted'].includes(render.phase ?? '') &&
      !(window as PreviewWindow).__playing?.has(storyId) &&
      render.phase
    );
  }, id);
  if ((await phase.jsonValue()) !== 'finished') {
    const message = await page.locator('#error-message').textContent();
    throw new Error(`The story did not render or its play function threw: ${message ?? ''}`);
  }
  await page.evaluate(() => document.fonts.ready.then(() => window.scrollTo(0, 0)));
}

/** axe's violations on the story shown, as `rule: targets` lines (none is the only pass). */
async function darkViolations(page: Page): Promise<string[]> {
  // The body, not the document: page rules (one main landmark, one h1) are not a component's.
  const results = await new AxeBuilder({ page })
    .include('body')
    .exclude('.sb-wrapper')
    .exclude('#storybook-docs')
    .exclude('#storybook-highlights-root')
    .disableRules(['region'])
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

for (const theme of THEMES) {
  test.describe(theme, () => {
    for (const story of stories) {
      test(`${story.title} / ${story.name}`, async ({ previewFor }) => {
        const page = await previewFor(theme);
        await showStory(page, story, test.info().project.use.viewport ?? DESKTOP);
        await expect(page).toHaveScreenshot(baselinePath(story, theme), { fullPage: true });
        // Dark has no Vitest project of its own: axe runs here, on the story as it was just
        // pictured, as the a11y addon runs it (its own elements left out, 'region' off).
        if (theme === 'dark') expect(await darkViolations(page)).toEqual([]);
      });
    }
  });
}

test('every baseline belongs to a story', () => {
  const wanted = new Set(
    stories.flatMap((story) => THEMES.map((t) => baselinePath(story, t).join('/'))),
  );
  const orphans = existsSync(BASELINES)
    ? readdirSync(BASELINES, { recursive: true, encoding: 'utf8' }).filter(
        (file) => file.endsWith('.png') && !wanted.has(file.split(sep).join('/')),
      )
    : [];
  const { updateSnapshots } = test.info().config;
  if (updateSnapshots === 'all' || updateSnapshots === 'changed') {
    for (const file of orphans) rmSync(join(BASELINES, file));
    return;
  }
  expect(orphans, 'baselines of stories that no longer exist: npm run test:visual:update').toEqual(
    [],
  );
});
