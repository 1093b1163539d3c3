import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { BackButton } from './BackButton.tsx';

const meta = {
  title: 'Components/BackButton',
  component: BackButton,
  args: { onClick: fn() },
} satisfies Meta<typeof BackButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A `<button>`: the app decides where back is (`navigate(-1)`). */
export const Playground: Story = {};

/** An `<a>` to a known place. */
export const AsLink: Story = { args: { href: '#compute', children: 'Virtual machines' } };

export const Dark: Story = { globals: { theme: 'dark' } };
