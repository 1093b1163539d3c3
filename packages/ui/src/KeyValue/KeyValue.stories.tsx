import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, spyOn, userEvent, waitFor } from 'storybook/test';
import { StatusChip } from '../StatusChip/StatusChip.tsx';
import { KeyValue, type KeyValueItem } from './KeyValue.tsx';

const items: KeyValueItem[] = [
  { label: 'Name', value: 'web-01' },
  { label: 'Status', value: <StatusChip status="poweredOn" /> },
  { label: 'IP address', value: '10.20.4.17', copyable: true, mono: true },
  { label: 'ID', value: 'vm-7f3c2a9e-41d0-4b8e-9a51-2c6f0e8d1b34', copyable: true, mono: true },
  { label: 'Operating system', value: 'Ubuntu 24.04 LTS' },
  { label: 'vCPU', value: 4 },
  { label: 'Memory', value: '8 GiB' },
  { label: 'Created', value: '3 March 2026, 09:12' },
  { label: 'Description', value: null },
];

const meta = {
  title: 'Components/KeyValue',
  component: KeyValue,
  args: { items, columns: 1, onCopied: fn() },
  argTypes: { columns: { control: 'inline-radio', options: [1, 2, 3] }, items: { control: false } },
} satisfies Meta<typeof KeyValue>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas, args }) => {
    // The real clipboard needs a permission a headless test run may not have.
    const write = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy IP address' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Copied'));
    await expect(write).toHaveBeenCalledWith('10.20.4.17');
    await expect(args.onCopied).toHaveBeenCalledWith('10.20.4.17');
    write.mockRestore();
  },
};

export const TwoColumns: Story = { args: { columns: 2 } };

export const ThreeColumns: Story = { args: { columns: 3 } };

export const LongText: Story = {
  args: {
    columns: 2,
    items: [
      {
        label: 'Backup policy of the production database cluster',
        value:
          'production-database-cluster-frankfurt-nightly-full-with-weekly-offsite-copies-and-monthly-archive',
        copyable: true,
        mono: true,
      },
      {
        label: 'Notes',
        value:
          'Restores must be coordinated with the database team; the cluster is replicated to Amsterdam every 15 minutes.',
      },
    ],
  },
  decorators: [(Story) => <div style={{ maxWidth: 560 }}>{Story()}</div>],
};

export const Dark: Story = { args: { columns: 2 }, globals: { theme: 'dark' } };
