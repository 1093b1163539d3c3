import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Switch } from './Switch.tsx';

const meta = {
  title: 'Components/Switch',
  component: Switch,
  args: { label: 'Automatic backups', onCheckedChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { help: 'Every night at 02:00, kept for 30 days.' },
  play: async ({ canvas, args }) => {
    const toggle = canvas.getByRole('switch', { name: 'Automatic backups' });
    await expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await expect(toggle).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(' ');
    await expect(toggle).not.toBeChecked();
  },
};

export const On: Story = { args: { defaultChecked: true } };

export const WithError: Story = {
  args: { defaultChecked: true, error: 'Backups could not be turned off. Try again.' },
};

export const Disabled: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 12 }}>
      <Switch {...args} disabled />
      <Switch {...args} disabled defaultChecked />
    </div>
  ),
};

export const LongText: Story = {
  args: {
    label:
      'Send an e-mail to every administrator of the tenant when a backup of any machine fails twice in a row',
    help: 'Failures that recover on the next run are only listed in the activity log.',
  },
};

export const Dark: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 12 }}>
      <Switch {...args} />
      <Switch {...args} defaultChecked label="On" />
      <Switch {...args} label="With error" error="The change failed." />
      <Switch {...args} disabled defaultChecked label="Disabled" />
    </div>
  ),
  globals: { theme: 'dark' },
};
