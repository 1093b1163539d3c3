import { describe, expect, it } from 'vitest';
import tokensCss from './tokens.css?raw';
import { theme } from './theme.ts';
import { getThemeMode, setThemeMode, themeBootScript } from './themeMode.ts';

/** The declarations of one block (`{ … }` after `selector`), with the comment above each. */
function block(selector: string) {
  const start = tokensCss.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no block ${selector}`);
  const body = tokensCss.slice(start, tokensCss.indexOf('\n}', start));
  const tokens = new Map<string, { value: string; comment: string | undefined }>();
  for (const match of body.matchAll(/(?:\/\*\s*(.+?)\s*\*\/\s*)?(--ui-[\w-]+):\s*([^;]+);/g)) {
    const [, comment, name, value] = match;
    if (name && value) tokens.set(name, { value: value.trim(), comment });
  }
  return tokens;
}

const light = block("[data-theme='light']");
const dark = block("[data-theme='dark']");
const common = block(':root');

const luminance = (hex: string) => {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

const surfaces = ['background', 'surface', 'surface-raised'];
const CHART = [1, 2, 3, 4, 5, 6].map((n) => `chart-${n}`);
const hue = (hex: string) => {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
};
const kinds = ['primary', 'error', 'success', 'warning', 'info'];
/** [foreground, background, minimum ratio]: text 4.5:1, boundaries and indicators 3:1. */
const pairs: [string, string, number][] = [
  ...surfaces.flatMap((s): [string, string, number][] => [
    ['text', s, 4.5],
    ['text-secondary', s, 4.5],
    ['primary-text', s, 4.5],
    ['secondary-text', s, 4.5],
    ...kinds.map((k): [string, string, number] => [`${k}-text`, s, 4.5]),
    ['border-strong', s, 3],
    ['focus-ring', s, 3],
    ['primary', s, 3],
    ...CHART.map((c): [string, string, number] => [c, s, 3]),
  ]),
  // The brand red marks error icons on cards and inputs; error text and borders use error-text.
  ['error', 'surface', 3],
  ['on-secondary', 'secondary', 4.5],
  ['on-secondary-fill', 'secondary-fill', 4.5],
  ...kinds.flatMap((k): [string, string, number][] => [
    [`on-${k}`, `${k}-strong`, 4.5],
    [`on-${k}-container`, `${k}-container`, 4.5],
  ]),
];

describe('tokens.css', () => {
  it('declares the same colour tokens for light and dark', () => {
    expect([...dark.keys()].sort()).toEqual([...light.keys()].sort());
  });

  it('describes every token in a one-line comment', () => {
    const undescribed = [...light, ...dark, ...common]
      .filter(([, t]) => !t.comment)
      .map(([name]) => name);
    expect(undescribed).toEqual([]);
  });

  it('declares every variable the theme object refers to', () => {
    const referenced = JSON.stringify(theme).match(/--ui-[\w-]+/g) ?? [];
    const declared = new Set([...light.keys(), ...common.keys()]);
    expect(referenced.filter((name) => !declared.has(name))).toEqual([]);
  });

  it.each([
    ['light', light],
    ['dark', dark],
  ])('gives chart series hues at least 20° apart in %s', (_mode, tokens) => {
    const hues = CHART.map((c) => hue(tokens.get(`--ui-color-${c}`)?.value ?? ''));
    for (const [i, a] of hues.entries())
      for (const b of hues.slice(i + 1)) {
        const apart = Math.min(Math.abs(a - b), 360 - Math.abs(a - b));
        expect(apart).toBeGreaterThanOrEqual(20);
      }
  });

  describe.each([
    ['light', light],
    ['dark', dark],
  ])('%s theme contrast (WCAG AA)', (_mode, tokens) => {
    it.each(pairs)('%s on %s ≥ %s:1', (fg, bg, minimum) => {
      const a = tokens.get(`--ui-color-${fg}`)?.value ?? '';
      const b = tokens.get(`--ui-color-${bg}`)?.value ?? '';
      expect(a).toMatch(/^#[0-9a-f]{6}$/);
      expect(b).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrast(a, b)).toBeGreaterThanOrEqual(minimum);
    });
  });
});

describe("the secondary button's grey fill", () => {
  const value = (tokens: typeof dark, name: string) =>
    tokens.get(`--ui-color-${name}`)?.value ?? '';

  it('does not glare in dark mode: it stands out from the dark surfaces less than 3:1', () => {
    for (const surface of surfaces)
      expect(contrast(value(dark, 'secondary-fill'), value(dark, surface))).toBeLessThan(3);
  });

  it('keeps the brand grey in light mode', () => {
    expect(value(light, 'secondary-fill')).toBe(value(light, 'secondary'));
  });
});

describe('theme mode', () => {
  it('is an attribute on <html>', () => {
    setThemeMode('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(getThemeMode()).toBe('dark');
    setThemeMode('light');
    expect(getThemeMode()).toBe('light');
  });

  it('boot script applies the stored choice before the app runs', () => {
    localStorage.setItem('portal.darkmode', 'true');
    new Function(themeBootScript('portal.darkmode'))();
    expect(document.documentElement.dataset.theme).toBe('dark');
    localStorage.setItem('portal.darkmode', 'false');
    new Function(themeBootScript('portal.darkmode'))();
    expect(document.documentElement.dataset.theme).toBe('light');
    localStorage.clear();
  });

  it('boot script cannot close its script tag', () => {
    expect(themeBootScript('</script><b>')).not.toContain('</script>');
  });
});
