import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Stepper, type StepperStep } from './Stepper.tsx';

const steps: StepperStep[] = [
  { label: 'Image', description: 'Ubuntu 24.04' },
  { label: 'Size', description: '4 vCPU, 8 GiB' },
  { label: 'Network' },
  { label: 'Review' },
];

const meta = {
  title: 'Components/Stepper',
  component: Stepper,
  args: { steps, current: 2, onStepClick: fn(), orientation: 'horizontal' },
  argTypes: {
    current: { control: { type: 'range', min: 0, max: 3 } },
    orientation: { control: 'inline-radio', options: ['horizontal', 'vertical'] },
    steps: { control: false },
  },
} satisfies Meta<typeof Stepper>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas, args }) => {
    const items = canvas.getAllByRole('listitem');
    await expect(items[2]).toHaveAttribute('aria-current', 'step');
    // Completed steps are buttons; the current and upcoming ones are not.
    await expect(canvas.getAllByRole('button')).toHaveLength(2);
    // The state is visually hidden text after the label: a separate box, so a space may precede
    // its comma in the computed name ("Size , completed 4 vCPU, 8 GiB").
    const size = canvas.getByRole('button', { name: /^Size\s?, completed/ });
    await expect(canvas.getByRole('button', { name: /^Image\s?, completed/ })).toBeEnabled();
    await userEvent.click(size);
    await expect(args.onStepClick).toHaveBeenCalledWith(1);
  },
};

export const FirstStep: Story = { args: { current: 0 } };

export const WithError: Story = {
  args: {
    current: 3,
    steps: [
      { label: 'Image', description: 'Ubuntu 24.04' },
      { label: 'Size', description: 'Quota exceeded: 2 vCPU left', state: 'error' },
      { label: 'Network' },
      { label: 'Review' },
    ],
  },
};

export const Vertical: Story = { args: { orientation: 'vertical' } };

/** Not clickable without `onStepClick`. */
export const ReadOnly: Story = { args: { onStepClick: undefined } };

export const LongText: Story = {
  args: {
    steps: [
      {
        label: 'Choose the operating system image',
        description: 'Ubuntu 24.04 LTS (Noble Numbat)',
      },
      { label: 'Size and storage', description: '4 vCPU, 8 GiB memory, 80 GiB SSD' },
      { label: 'Networks, firewall rules and public addresses' },
      { label: 'Review and create' },
    ],
  },
  decorators: [(Story) => <div style={{ maxWidth: 720 }}>{Story()}</div>],
};

export const Dark: Story = { ...WithError, globals: { theme: 'dark' } };
