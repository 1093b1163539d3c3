import type { Meta, StoryObj } from '@storybook/react-vite';
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
