import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { PasswordField } from './PasswordField.tsx';

const meta = {
  title: 'Components/PasswordField',
  component: PasswordField,
  args: {
    label: 'Password',
    name: 'password',
    autoComplete: 'current-password',
    defaultValue: 'Demo-pass-2026',
  },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Password', { selector: 'input' });
    const toggle = canvas.getByRole('button', { name: 'Show password' });
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(toggle);
    await expect(input).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    await expect(input).toHaveAttribute('type', 'password');
  },
};

export const Shown: Story = { args: { defaultVisible: true } };

export const NewPassword: Story = {
  args: {
    label: 'New password',
    autoComplete: 'new-password',
    required: true,
    defaultValue: '',
    help: 'At least 8 characters, with a letter and a digit.',
  },
};

export const WithError: Story = {
  args: { required: true, defaultValue: 'short', error: 'At least 8 characters.' },
};

export const Disabled: Story = { args: { disabled: true } };

export const Dark: Story = { ...WithError, globals: { theme: 'dark' } };
