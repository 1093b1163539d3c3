import type { Meta, StoryObj } from '@storybook/react-vite';
import { mdiRefresh } from '@mdi/js';
import { Button } from '../Button/Button.tsx';
import { ErrorState } from './ErrorState.tsx';

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

export const Playground: Story = {};
export const WithRetry: Story = {
  args: {
    title: 'Virtual machines could not be loaded',
    action: (
      <Button variant="primary" leadingIcon={mdiRefresh}>
        Try again
      </Button>
    ),
  },
};
export const Dark: Story = { ...WithRetry, globals: { theme: 'dark' } };
