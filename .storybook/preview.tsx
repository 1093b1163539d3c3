import type { Decorator, Preview } from '@storybook/react-vite';
import '../packages/ui/src/theme/styles.css';
import { setThemeMode, ThemeProvider, type ThemeMode } from '../packages/ui/src/index.ts';

/** The toolbar's theme is the same attribute swap the portal uses: `data-theme` on `<html>`. */
const withTheme: Decorator = (Story, context) => {
  const mode: ThemeMode = context.globals.theme === 'dark' ? 'dark' : 'light';
  if (context.viewMode === 'docs') {
    // A docs page shows several stories, some pinned to dark: each gets its own theme scope.
    return (
      <ThemeProvider>
        <div
          data-theme={mode}
          style={{
            padding: 16,
            borderRadius: 4,
            background: 'var(--ui-color-background)',
            color: 'var(--ui-color-text)',
            fontFamily: 'var(--ui-font-family)',
          }}
        >
          <Story />
        </div>
      </ThemeProvider>
    );
  }
  setThemeMode(mode);
  return (
    <ThemeProvider>
      <Story />
    </ThemeProvider>
  );
};

const preview: Preview = {
  decorators: [withTheme],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    // The app's own background, not Storybook's: the theme decides it.
    backgrounds: { disable: true },
    a11y: { test: 'error' },
  },
  // `visual`: snapshotted by tests/visual; a story opts out with `tags: ['!visual']`.
  tags: ['autodocs', 'visual'],
};

export default preview;
