import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { TextField } from './TextField.tsx';

const meta = {
  title: 'Components/TextField',
  component: TextField,
  args: { label: 'E-mail address', type: 'email', name: 'email', autoComplete: 'username' },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { help: 'The address you sign in with.' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'E-mail address' });
    // The help text is read out with the input.
    await expect(input).toHaveAccessibleDescription('The address you sign in with.');
    await userEvent.type(input, 'ops@acme.test');
    await expect(input).toHaveValue('ops@acme.test');
  },
};

export const Required: Story = {
  args: { required: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: /E-mail address/ })).toBeRequired();
  },
};

export const WithError: Story = {
  args: {
    required: true,
    defaultValue: 'acme@',
    error: 'Enter a valid e-mail address, like name@example.com.',
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: /E-mail address/ });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription(
      expect.stringContaining('Enter a valid e-mail address'),
    );
  },
};

export const WithHelpAndError: Story = {
  args: {
    label: 'VM name',
    type: 'text',
    defaultValue: 'web front end',
    help: 'Lower-case letters, digits and hyphens.',
    error: 'Spaces are not allowed.',
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'acme@portal.test' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'E-mail address' })).toBeDisabled();
  },
};

export const Placeholder: Story = {
  args: { label: 'Search', type: 'search', placeholder: 'Name or IP address' },
};

export const LongLabel: Story = {
  args: {
    label: 'E-mail address of the person who receives the monthly invoice for this tenant',
    help: 'Invoices go to one address. To send them to several people, use a distribution list.',
  },
};

export const Dark: Story = { ...WithHelpAndError, globals: { theme: 'dark' } };
