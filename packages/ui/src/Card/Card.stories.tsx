import type { Meta, StoryObj } from '@storybook/react-vite';
import { mdiPlay, mdiStop } from '@mdi/js';
import { Button } from '../Button/Button.tsx';
import { Card } from './Card.tsx';

const meta = {
  title: 'Components/Card',
  component: Card,
  args: {
    title: 'web-frontend-01',
    subtitle: 'Ubuntu 24.04 · 4 vCPU · 8 GiB',
    children: 'Running since 3 March 2026, 09:12. Last backup 2 hours ago.',
  },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}>{Story()}</div>],
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: {
    actions: (
      <>
        <Button variant="outlined" leadingIcon={mdiStop}>
          Stop
        </Button>
        <Button variant="primary" leadingIcon={mdiPlay}>
          Open console
        </Button>
      </>
    ),
  },
};

export const ContentOnly: Story = { args: { title: undefined, subtitle: undefined } };

export const TitleOnly: Story = { args: { subtitle: undefined } };

export const LongText: Story = {
  args: {
    title: 'backup-policy-for-the-production-database-cluster-in-frankfurt-with-a-very-long-name',
    children:
      'Retention 30 days, daily at 02:00, weekly on Sunday, monthly on the first. Copies are kept in a second region. '.repeat(
        3,
      ),
    actions: <Button variant="primary">Edit policy</Button>,
  },
};

export const Dark: Story = { ...Playground, globals: { theme: 'dark' } };
