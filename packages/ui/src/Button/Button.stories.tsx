import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
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
