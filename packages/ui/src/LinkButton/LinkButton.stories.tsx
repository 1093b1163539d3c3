import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { mdiOpenInNew } from '@mdi/js';
import { LinkButton } from './LinkButton.tsx';

const meta = {
  title: 'Components/LinkButton',
  component: LinkButton,
  args: { href: '#compute', children: 'Back to the portal' },
} satisfies Meta<typeof LinkButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      <LinkButton {...args} variant="primary">
        Sign in
      </LinkButton>
      <LinkButton {...args} variant="secondary">
        Back to the portal
      </LinkButton>
      <LinkButton {...args} variant="outlined">
        Request a new link
      </LinkButton>
      <LinkButton {...args} variant="text" leadingIcon={mdiOpenInNew}>
        Documentation
      </LinkButton>
    </div>
  ),
};

export const Dark: Story = { ...Variants, globals: { theme: 'dark' } };

/** Disabled with a reason: no `href`, still a focusable link, the reason as its description. */
export const DisabledWithReason: Story = {
  args: {
    variant: 'outlined',
    children: 'Open console',
    disabledReason: 'The virtual machine is powered off.',
  },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Open console' });
    await expect(link).not.toHaveAttribute('href');
    await expect(link).toHaveAttribute('aria-disabled', 'true');
    await expect(link).toHaveAccessibleDescription('The virtual machine is powered off.');
  },
};
