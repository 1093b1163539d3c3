import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, sep } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { RunOptions, SerialFrameSelector } from 'axe-core';
import { readStories, type StoryEntry } from './stories.ts';

type Theme = 'light' | 'dark';
const THEMES: Theme[] = ['light', 'dark'];
const BASELINES = join(import.meta.dirname, '__screenshots__');
const stories = readStories();
/** `__screenshots__/<theme>/<story id>.png` */
const baselinePath = (story: StoryEntry, theme: Theme) => [theme, `${story.id}.png`];

/** What the preview exposes; only the parts read here. */
interface PreviewWindow {
  __STORYBOOK_PREVIEW__?: {
    currentRender?: { phase?: string; story?: { parameters?: { a11y?: unknown } } };
  };
}

/** The a11y addon's parameters this suite honours (`.storybook/preview.tsx` and the stories). */
interface A11yParameters {
  test?: 'error' | 'todo' | 'off';
  disable?: boolean;
  context?:
    | SerialFrameSelector
    | { include?: SerialFrameSelector; exclude?: SerialFrameSelector | SerialFrameSelector[] };
  config?: { rules?: { id: string; enabled?: boolean }[] };
  options?: RunOptions;
}

/** Opens one story alone, waits for its render and `play` to finish and for its fonts. */
async function openStory(page: Page, id: string, theme: Theme): Promise<A11yParameters> {
  // Stories that show "now" or random data render the same on every run.
  await page.clock.setFixedTime(new Date('2026-01-15T09:30:00Z'));
  await page.addInitScript(() => {
    let seed = 0x2f6b3a1d;
    Math.random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  });
  // a11y.manual: the addon's own axe pass is the Vitest project's job; here axe runs once, below.
  const globals = `theme:${theme};a11y.manual:!true`;
  await page.goto(
    `${process.env.STORYBOOK_URL}/iframe.html?id=${id}&viewMode=story&globals=${globals}`,
  );
  const phase = await page.waitForFunction(() => {
    const render = (window as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender;
    return ['finished', 'errored', 'aborted'].includes(render?.phase ?? '') && render?.phase;
  });
  if ((await phase.jsonValue()) !== 'finished') {
    const message = await page.locator('#error-message').textContent();
    throw new Error(`The story did not render or its play function threw: ${message ?? ''}`);
  }
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.evaluate(
    () =>
      JSON.parse(
        JSON.stringify(
          (window as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender?.story?.parameters?.a11y ??
            {},
        ),
      ) as A11yParameters,
  );
}

/** axe as the a11y addon runs it (same scope, `region` off, the story's own rules and options). */
async function expectNoAxeViolations(page: Page, a11y: A11yParameters) {
  if (a11y.disable === true || a11y.test === 'off' || a11y.test === 'todo') return;
  const { context, config = {}, options = {} } = a11y;
  const builder = new AxeBuilder({ page });
  const scoped =
    typeof context === 'object' &&
    context !== null &&
    !Array.isArray(context) &&
    ('include' in context || 'exclude' in context)
      ? (context as {
          include?: SerialFrameSelector;
          exclude?: SerialFrameSelector | SerialFrameSelector[];
        })
      : undefined;
  const include = scoped ? scoped.include : (context as SerialFrameSelector | undefined);
  builder.include(include ?? 'body');
  const excludes = [
    '.sb-wrapper',
    '#storybook-docs',
    '#storybook-highlights-root',
    ...(scoped?.exclude !== undefined ? [scoped.exclude].flat() : []),
  ];
  for (const exclude of excludes) builder.exclude(exclude);
  const rules: NonNullable<RunOptions['rules']> = { region: { enabled: false } };
  for (const { id, enabled } of config.rules ?? []) {
    if (enabled === false) rules[id] = { enabled: false };
    else if (enabled === true) delete rules[id];
  }
  builder.options({ ...options, rules: { ...rules, ...options.rules } });
  const { violations } = await builder.analyze();
  expect(
    violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
    'axe violations in the dark theme',
  ).toEqual([]);
}

for (const theme of THEMES) {
  test.describe(theme, () => {
    test.use({ colorScheme: theme });
    for (const story of stories) {
      test(`${story.title} / ${story.name}`, async ({ page }) => {
        const a11y = await openStory(page, story.id, theme);
        // Soft: a changed picture still lets the axe check below report.
        await expect.soft(page).toHaveScreenshot(baselinePath(story, theme), { fullPage: true });
        if (theme === 'dark') await expectNoAxeViolations(page, a11y);
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
