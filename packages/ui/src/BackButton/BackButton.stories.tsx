import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { BackButton } from './BackButton.tsx';

const meta = {
  title: 'Components/BackButton',
  component: BackButton,
  args: { onClick: fn() },
} satisfies Meta<typeof BackButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A `<button>`: the app decides where back is (`navigate(-1)`). */
export const Playground: Story = {
  play: async ({ canvas, args }) => {
    const back = canvas.getByRole('button', { name: 'Back' });
    // Small, outlined, secondary: the specification's back button.
    await expect(back).toHaveAttribute('data-variant', 'outlined');
    await expect(back).toHaveAttribute('data-size', 'small');
    await expect(back).toHaveAttribute('data-tone', 'secondary');
    await userEvent.click(back);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

/** An `<a>` to a known place. */
export const AsLink: Story = {
  args: { href: '#compute', children: 'Virtual machines' },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Virtual machines' });
    await expect(link).toHaveAttribute('href', '#compute');
    link.focus();
    await expect(link).toHaveFocus();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
