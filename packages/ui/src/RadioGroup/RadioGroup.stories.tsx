import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { RadioGroup, type RadioOption } from './RadioGroup.tsx';

const plans: RadioOption[] = [
  { value: 'small', label: 'Small', description: '2 vCPU, 4 GiB, €18 a month' },
  { value: 'medium', label: 'Medium', description: '4 vCPU, 8 GiB, €36 a month' },
  { value: 'large', label: 'Large', description: '8 vCPU, 16 GiB, €72 a month' },
  { value: 'xlarge', label: 'Extra large', description: 'Not available in Paris', disabled: true },
];

const meta = {
  title: 'Components/RadioGroup',
  component: RadioGroup,
  args: {
    label: 'Size',
    options: plans,
    defaultValue: 'medium',
    orientation: 'vertical',
    onValueChange: fn(),
  },
  argTypes: {
    orientation: { control: 'inline-radio', options: ['vertical', 'horizontal'] },
    options: { control: false },
  },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}>{Story()}</div>],
} satisfies Meta<typeof RadioGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas, args }) => {
    const group = canvas.getByRole('radiogroup', { name: 'Size' });
    await expect(group).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: 'Medium' }));
    // Held, as a person presses it: Radix checks the option focused while an arrow key is down.
    await userEvent.keyboard('{ArrowDown>}');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await userEvent.keyboard('{/ArrowDown}');
    const large = canvas.getByRole('radio', { name: 'Large' });
    await expect(large).toHaveFocus();
    await expect(large).toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('large');
    await expect(large).toHaveAccessibleDescription('8 vCPU, 16 GiB, €72 a month');
  },
};

export const Horizontal: Story = {
  args: {
    label: 'Boot mode',
    orientation: 'horizontal',
    defaultValue: 'uefi',
    options: [
      { value: 'bios', label: 'BIOS' },
      { value: 'uefi', label: 'UEFI' },
      { value: 'secure', label: 'UEFI with Secure Boot' },
    ],
  },
};

export const WithError: Story = {
  args: {
    defaultValue: undefined,
    required: true,
    error: 'Choose a size.',
    help: 'You can resize later.',
  },
  play: async ({ canvas }) => {
    const group = canvas.getByRole('radiogroup', { name: 'Size' });
    await expect(group).toHaveAttribute('aria-invalid', 'true');
    await expect(group).toHaveAccessibleDescription('Choose a size. You can resize later.');
  },
};

export const Disabled: Story = { args: { disabled: true } };

export const LongText: Story = {
  args: {
    label: 'What should happen to the snapshots of this machine when it is deleted?',
    defaultValue: 'keep',
    options: [
      {
        value: 'keep',
        label: 'Keep every snapshot until its own retention period ends',
        description: 'They keep costing storage and can be restored to a new machine.',
      },
      {
        value: 'delete',
        label: 'Delete them together with the machine',
        description: 'This cannot be undone.',
      },
    ],
  },
};

export const Dark: Story = { ...WithError, play: undefined, globals: { theme: 'dark' } };
