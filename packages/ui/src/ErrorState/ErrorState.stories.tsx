import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { mdiRefresh } from '@mdi/js';
import { Button } from '../Button/Button.tsx';
import { ErrorState } from './ErrorState.tsx';

const onRetry = fn();

const meta = {
  title: 'Components/ErrorState',
  component: ErrorState,
  args: {
    title: 'The portal cannot start',
    description: 'The server did not answer. Check your connection, then reload the page.',
  },
} satisfies Meta<typeof ErrorState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'The portal cannot start' })).toBeVisible();
    await expect(canvas.getByText(/did not answer/)).toBeVisible();
  },
};
export const WithRetry: Story = {
  args: {
    title: 'Virtual machines could not be loaded',
    action: (
      <Button variant="primary" leadingIcon={mdiRefresh} onClick={onRetry}>
        Try again
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(onRetry).toHaveBeenCalledTimes(1);
  },
};
export const Dark: Story = { ...WithRetry, globals: { theme: 'dark' } };
