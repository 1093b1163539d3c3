import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
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

const onOpenConsole = fn();

export const Playground: Story = {
  args: {
    actions: (
      <>
        <Button variant="outlined" leadingIcon={mdiStop}>
          Stop
        </Button>
        <Button variant="primary" leadingIcon={mdiPlay} onClick={onOpenConsole}>
          Open console
        </Button>
      </>
    ),
  },
  play: async ({ canvas }) => {
    // A titled card is a group named by its heading.
    const card = canvas.getByRole('group', { name: 'web-frontend-01' });
    await expect(within(card).getByRole('heading', { level: 2 })).toBeVisible();
    // Action buttons are elevated (specification).
    const open = within(card).getByRole('button', { name: 'Open console' });
    await expect(open).toHaveAttribute('data-elevated', 'true');
    await expect(within(card).getByRole('button', { name: 'Stop' })).toHaveAttribute(
      'data-elevated',
      'true',
    );
    await userEvent.click(open);
    await expect(onOpenConsole).toHaveBeenCalledTimes(1);
  },
};

export const ContentOnly: Story = {
  args: { title: undefined, subtitle: undefined },
  play: async ({ canvas }) => {
    // Untitled: no heading and no group role, just content.
    await expect(canvas.queryByRole('heading')).toBeNull();
    await expect(canvas.queryByRole('group')).toBeNull();
  },
};

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
