import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { StatusChip } from './StatusChip.tsx';

const power = ['poweredOn', 'running', 'poweredOff', 'stopped', 'suspended', 'unknown'];
const tasks = ['PENDING', 'RUNNING', 'SUCCESS', 'FAILURE'];
const kinds = ['success', 'error', 'warning', 'info', 'neutral'];
const row = { display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' } as const;

const meta = {
  title: 'Components/StatusChip',
  component: StatusChip,
  args: { status: 'poweredOn', size: 'small' },
  argTypes: {
    status: { control: 'select', options: [...power, ...tasks, ...kinds, 'migrating'] },
    size: { control: 'inline-radio', options: ['small', 'medium'] },
  },
} satisfies Meta<typeof StatusChip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Powered on')).toBeVisible();
  },
};

export const PowerStates: Story = {
  render: (args) => (
    <div style={row}>
      {power.map((status) => (
        <StatusChip {...args} key={status} status={status} />
      ))}
    </div>
  ),
};

export const TaskStates: Story = {
  render: (args) => (
    <div style={row}>
      {tasks.map((status) => (
        <StatusChip {...args} key={status} status={status} />
      ))}
    </div>
  ),
};

export const Kinds: Story = {
  render: (args) => (
    <div style={row}>
      {kinds.map((status) => (
        <StatusChip {...args} key={status} status={status} />
      ))}
    </div>
  ),
};

export const Medium: Story = { ...PowerStates, args: { size: 'medium' } };

/** `label` replaces the default text; unknown statuses show as neutral with their own text. */
export const CustomLabels: Story = {
  render: (args) => (
    <div style={row}>
      <StatusChip {...args} status="warning" label="Licence expires in 5 days" />
      <StatusChip {...args} status="migrating" />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('migrating')).toBeVisible();
  },
};

export const LongText: Story = {
  args: { status: 'FAILURE', label: 'Failed: the datastore ds-frankfurt-07 ran out of space' },
  decorators: [(Story) => <div style={{ width: 220 }}>{Story()}</div>],
};

export const Dark: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 8 }}>
      {[power, tasks, kinds].map((group) => (
        <div key={group[0]} style={row}>
          {group.map((status) => (
            <StatusChip {...args} key={status} status={status} />
          ))}
        </div>
      ))}
    </div>
  ),
  globals: { theme: 'dark' },
};
