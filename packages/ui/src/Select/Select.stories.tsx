import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Select, type SelectOption } from './Select.tsx';

const regions: SelectOption[] = [
  { value: 'fra', label: 'Frankfurt', description: 'eu-central · lowest latency for Germany' },
  { value: 'ams', label: 'Amsterdam', description: 'eu-west' },
  { value: 'par', label: 'Paris', description: 'eu-west · full', disabled: true },
  { value: 'lon', label: 'London', description: 'uk-south' },
  { value: 'sto', label: 'Stockholm', description: 'eu-north · renewable energy' },
];

const meta = {
  title: 'Components/Select',
  component: Select,
  args: {
    label: 'Region',
    options: regions,
    placeholder: 'Choose a region',
    help: 'Where the machine runs. It cannot be moved later.',
    onValueChange: fn(),
  },
  argTypes: { options: { control: false } },
  decorators: [(Story) => <div style={{ maxWidth: 360, minHeight: 380 }}>{Story()}</div>],
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Region' });
    await expect(trigger).toHaveTextContent('Choose a region');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox');
    await expect(listbox).toBeVisible();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Frankfurt' })).toHaveFocus());
    // Paris is disabled and skipped.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(screen.getByRole('option', { name: 'London' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('lon');
    await waitFor(() => expect(trigger).toHaveTextContent('London'));
    await expect(trigger).toHaveFocus();
  },
};

/** Typing on the closed field picks the first match. */
export const Typeahead: Story = {
  play: async ({ canvas, args }) => {
    canvas.getByRole('combobox', { name: 'Region' }).focus();
    await userEvent.keyboard('st');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('sto');
  },
};

export const Selected: Story = { args: { defaultValue: 'ams' } };

export const Required: Story = { args: { required: true } };

export const WithError: Story = {
  args: { required: true, error: 'Choose a region.' },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: 'fra' } };

export const LongText: Story = {
  args: {
    label: 'Backup target for the production database cluster in the Frankfurt region',
    defaultValue: 'long',
    options: [
      {
        value: 'long',
        label: 'Object storage bucket backups-production-database-cluster-frankfurt-01',
        description: 'Versioned, immutable for 30 days, replicated to Amsterdam',
      },
      ...regions,
    ],
  },
};

/** The label read out but not shown, for a place that says what the field is. */
/** A filter in a table's toolbar: the label beside a compact field. */
export const Inline: Story = {
  args: { inline: true, label: 'Show', help: undefined, defaultValue: 'ams' },
};

export const HiddenLabel: Story = { args: { hideLabel: true, defaultValue: 'ams' } };

export const Dark: Story = { ...WithError, globals: { theme: 'dark' } };
