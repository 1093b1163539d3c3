import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { ThemeToggle } from './ThemeToggle.tsx';

const meta = {
  title: 'Components/ThemeToggle',
  component: ThemeToggle,
  args: { onPressedChange: fn() },
} satisfies Meta<typeof ThemeToggle>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Uncontrolled here; in the app it is controlled and the app calls `setThemeMode`. */
export const Playground: Story = {
  play: async ({ canvas, args }) => {
    const toggle = canvas.getByRole('button', { name: 'Dark mode' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(args.onPressedChange).toHaveBeenCalledWith(true);
  },
};
export const Off: Story = { args: { pressed: false } };
export const On: Story = { args: { pressed: true }, globals: { theme: 'dark' } };
