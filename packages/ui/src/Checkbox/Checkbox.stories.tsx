import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Checkbox, type CheckedState } from './Checkbox.tsx';

const meta = {
  title: 'Components/Checkbox',
  component: Checkbox,
  args: { label: 'Start the machine after creating it', onCheckedChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { help: 'You can start it later from the list.' },
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('checkbox', { name: 'Start the machine after creating it' });
    await expect(box).not.toBeChecked();
    await userEvent.click(canvas.getByText('Start the machine after creating it'));
    await expect(box).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(' ');
    await expect(box).not.toBeChecked();
  },
};

export const Checked: Story = { args: { defaultChecked: true } };

export const Indeterminate: Story = { args: { defaultChecked: 'indeterminate' } };

/** A "select all" box: indeterminate while some of the items are checked. */
export const SelectAll: Story = {
  render: () => <SelectAllExample />,
  play: async ({ canvas }) => {
    const all = canvas.getByRole('checkbox', { name: 'All disks' });
    await expect(all).toHaveAttribute('aria-checked', 'mixed');
    await userEvent.click(all);
    await expect(canvas.getByRole('checkbox', { name: 'disk-3' })).toBeChecked();
  },
};

export const WithError: Story = {
  args: {
    label: 'I accept the terms of service',
    required: true,
    error: 'Accept the terms to continue.',
  },
};

export const Disabled: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 8 }}>
      <Checkbox {...args} disabled />
      <Checkbox {...args} disabled defaultChecked />
    </div>
  ),
};

export const LongText: Story = {
  args: {
    label:
      'Delete the disks and all their snapshots together with the machine, including the ones that are attached to other machines as read-only copies',
    help: 'Snapshots shared with other tenants are kept.',
  },
};

export const Dark: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 8 }}>
      <Checkbox {...args} />
      <Checkbox {...args} defaultChecked label="Checked" />
      <Checkbox {...args} defaultChecked="indeterminate" label="Indeterminate" />
      <Checkbox {...args} label="With error" error="Accept the terms to continue." />
      <Checkbox {...args} disabled defaultChecked label="Disabled" />
    </div>
  ),
  globals: { theme: 'dark' },
};

function SelectAllExample() {
  const [disks, setDisks] = useState([true, false, false]);
  const all: CheckedState = disks.every(Boolean)
    ? true
    : disks.some(Boolean)
      ? 'indeterminate'
      : false;
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <Checkbox
        label="All disks"
        checked={all}
        onCheckedChange={(next) => setDisks(disks.map(() => next === true))}
      />
      <div style={{ display: 'grid', gap: 8, paddingInlineStart: 36 }}>
        {disks.map((on, i) => (
          <Checkbox
            key={i}
            label={`disk-${i + 1}`}
            checked={on}
            onCheckedChange={(next) => setDisks(disks.map((d, j) => (j === i ? next === true : d)))}
          />
        ))}
      </div>
    </div>
  );
}
