import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { NumberField } from './NumberField.tsx';

const meta = {
  title: 'Components/NumberField',
  component: NumberField,
  args: {
    label: 'Disk size',
    unit: 'GB',
    min: 10,
    max: 2048,
    step: 10,
    defaultValue: 80,
    help: 'From 10 GB to 2048 GB.',
    onValueChange: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
} satisfies Meta<typeof NumberField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('spinbutton', { name: 'Disk size' });
    await expect(input).toHaveAttribute('aria-valuetext', '80 GB');
    await userEvent.click(canvas.getByRole('button', { name: 'Increase Disk size' }));
    await expect(input).toHaveValue('90');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(90);
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(input).toHaveValue('70');
  },
};

/** Typing above the maximum: the value is lowered to it and the message names the limit. */
export const OutOfRange: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('spinbutton', { name: 'Disk size' });
    await userEvent.clear(input);
    await userEvent.type(input, '5000');
    await userEvent.tab();
    await expect(input).toHaveValue('2048');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(/The maximum is 2048 GB\./);
  },
};

export const Required: Story = { args: { required: true, defaultValue: null } };

export const WithError: Story = {
  args: { defaultValue: 4000, error: 'The datastore has 1200 GB free.' },
};

export const Decimal: Story = {
  args: {
    label: 'CPU limit',
    unit: 'GHz',
    min: 0.5,
    max: 8,
    step: 0.5,
    defaultValue: 2.5,
    help: undefined,
  },
};

export const Disabled: Story = { args: { disabled: true } };

export const LongText: Story = {
  args: {
    label: 'Maximum number of concurrent backup streams per datastore in this region',
    unit: 'streams',
    min: 1,
    max: 16,
    step: 1,
    defaultValue: 4,
    help: 'More streams finish sooner but slow down the machines on the datastore while they run.',
  },
};

export const Dark: Story = { ...WithError, globals: { theme: 'dark' } };
