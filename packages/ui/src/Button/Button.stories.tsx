import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { mdiContentSave, mdiDelete, mdiPlay } from '@mdi/js';
import { Button } from './Button.tsx';

const row = { display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' } as const;

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: 'Save changes', onClick: fn() },
  argTypes: {
    leadingIcon: {
      control: 'select',
      options: [undefined, 'mdiContentSave', 'mdiPlay'],
      mapping: { mdiContentSave, mdiPlay },
    },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = { args: { variant: 'primary' } };

export const Variants: Story = {
  render: (args) => (
    <div style={row}>
      <Button {...args} variant="primary">
        Primary
      </Button>
      <Button {...args} variant="secondary">
        Secondary
      </Button>
      <Button {...args} variant="outlined">
        Outlined
      </Button>
      <Button {...args} variant="outlined" tone="secondary">
        Outlined secondary
      </Button>
      <Button {...args} variant="text">
        Text
      </Button>
      <Button {...args} variant="danger" leadingIcon={mdiDelete}>
        Delete
      </Button>
    </div>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <div style={row}>
      <Button {...args} variant="primary" size="small">
        Small
      </Button>
      <Button {...args} variant="primary" size="medium">
        Medium
      </Button>
      <Button {...args} variant="primary" size="large">
        Large
      </Button>
    </div>
  ),
};

export const WithIcon: Story = {
  args: { variant: 'primary', leadingIcon: mdiPlay, children: 'Start' },
};

export const Loading: Story = {
  args: { variant: 'primary', loading: true, children: 'Signing in' },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Signing in' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

export const Disabled: Story = {
  render: (args) => (
    <div style={row}>
      {(['primary', 'secondary', 'outlined', 'text', 'danger'] as const).map((variant) => (
        <Button key={variant} {...args} variant={variant} disabled>
          {variant}
        </Button>
      ))}
    </div>
  ),
};

/** Enabled secondary and outlined buttons next to disabled ones: solid 3:1 borders and full-contrast text against dashed borders and greyed text. */
export const SecondaryVsDisabled: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, max-content)', gap: 12 }}>
      <Button {...args} variant="secondary">
        Secondary
      </Button>
      <Button {...args} variant="outlined" tone="secondary">
        Outlined secondary
      </Button>
      <Button {...args} variant="outlined">
        Outlined
      </Button>
      <Button {...args} variant="secondary" disabled>
        Secondary
      </Button>
      <Button {...args} variant="outlined" tone="secondary" disabled>
        Outlined secondary
      </Button>
      <Button {...args} variant="outlined" disabled>
        Outlined
      </Button>
    </div>
  ),
};

export const DarkSecondaryVsDisabled: Story = {
  ...SecondaryVsDisabled,
  globals: { theme: 'dark' },
};

/**
 * Disabled with a reason: still focusable, the reason shows on hover and focus and describes the
 * button; clicks, Enter and Space do nothing.
 */
export const DisabledWithReason: Story = {
  args: {
    variant: 'danger',
    leadingIcon: mdiDelete,
    children: 'Delete',
    disabledReason: 'Power the virtual machine off before deleting it.',
  },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Delete' });
    await expect(button).toBeEnabled();
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAccessibleDescription(
      'Power the virtual machine off before deleting it.',
    );
    await userEvent.click(button);
    await userEvent.keyboard('{Enter} ');
    await expect(args.onClick).not.toHaveBeenCalled();
    await userEvent.tab();
    await userEvent.tab({ shift: true });
    await expect(button).toHaveFocus();
    await waitFor(() =>
      expect(document.querySelector('[role="tooltip"]')).toHaveTextContent(
        'Power the virtual machine off before deleting it.',
      ),
    );
  },
};

export const Elevated: Story = {
  render: (args) => (
    <div style={row}>
      <Button {...args} variant="primary" elevated leadingIcon={mdiContentSave}>
        Save
      </Button>
      <Button {...args} variant="outlined" elevated>
        Details
      </Button>
      <Button {...args} variant="text" elevated>
        Cancel
      </Button>
    </div>
  ),
};

export const LongText: Story = {
  render: (args) => (
    <div style={{ width: 240 }}>
      <Button {...args} variant="primary" style={{ maxWidth: '100%' }}>
        Restore the backup of virtual machine web-frontend-01 from yesterday
      </Button>
    </div>
  ),
};

export const Dark: Story = { ...Variants, globals: { theme: 'dark' } };
