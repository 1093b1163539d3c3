import type { CSSProperties } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import tokensCss from './tokens.css?raw';

interface Token {
  name: string;
  value: string;
  description: string;
}

/** The tokens of one block of tokens.css, with the comment above each. */
const parse = (selector: string): Token[] => {
  const start = tokensCss.indexOf(`${selector} {`);
  const body = tokensCss.slice(start, tokensCss.indexOf('\n}', start));
  return [...body.matchAll(/\/\*\s*(.+?)\s*\*\/\s*(--ui-[\w-]+):\s*([^;]+);/g)].map(
    ([, description = '', name = '', value = '']) => ({
      name,
      value: value.trim(),
      description,
    }),
  );
};

const cell: CSSProperties = {
  padding: '8px 12px',
  borderBottom: '1px solid var(--ui-color-border)',
  verticalAlign: 'top',
};

function TokenTable({ selector, swatch }: { selector: string; swatch: boolean }) {
  const tokens = parse(selector);
  return (
    <table
      style={{
        borderCollapse: 'collapse',
        width: '100%',
        fontSize: 14,
        color: 'var(--ui-color-text)',
      }}
    >
      <thead>
        <tr>
          {swatch && <th style={cell}>Current theme</th>}
          <th style={{ ...cell, textAlign: 'left' }}>Token</th>
          <th style={{ ...cell, textAlign: 'left' }}>Value ({selector})</th>
          <th style={{ ...cell, textAlign: 'left' }}>Use</th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <tr key={token.name}>
            {swatch && (
              <td style={cell}>
                <div
                  style={{
                    width: 48,
                    height: 28,
                    borderRadius: 4,
                    border: '1px solid var(--ui-color-border)',
                    background: token.name.includes('elevation')
                      ? 'var(--ui-color-surface)'
                      : `var(${token.name})`,
                    boxShadow: token.name.includes('elevation') ? `var(${token.name})` : undefined,
                  }}
                />
              </td>
            )}
            <td style={cell}>
              <code>{token.name}</code>
            </td>
            <td style={cell}>
              <code>{token.value}</code>
            </td>
            <td style={cell}>{token.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const meta = {
  title: 'Theme/Tokens',
  component: TokenTable,
  args: { selector: "[data-theme='light']", swatch: true },
  argTypes: {
    selector: {
      control: 'radio',
      options: ["[data-theme='light']", "[data-theme='dark']", ':root'],
    },
  },
} satisfies Meta<typeof TokenTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Colour and elevation tokens, light values; the swatches follow the toolbar's theme. */
export const Colors: Story = {};
export const DarkColors: Story = {
  args: { selector: "[data-theme='dark']" },
  globals: { theme: 'dark' },
};
/** Spacing, radii, type, motion, layout and stacking: the same in both themes. */
export const Scales: Story = { args: { selector: ':root', swatch: false } };
