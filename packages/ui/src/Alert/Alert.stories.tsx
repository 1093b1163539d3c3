import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button.tsx';
import { Alert } from './Alert.tsx';

const meta = {
  title: 'Components/Alert',
  component: Alert,
  args: { kind: 'error', children: 'The e-mail address or password is not correct.' },
  argTypes: { kind: { control: 'radio', options: ['success', 'error', 'warning', 'info'] } },
  decorators: [(Story) => <div style={{ maxWidth: 520 }}>{Story()}</div>],
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

const all = (
  <div style={{ display: 'grid', gap: 12 }}>
    <Alert kind="error">The e-mail address or password is not correct.</Alert>
    <Alert kind="warning">Sample text for demonstration. It is not a binding agreement.</Alert>
    <Alert kind="success">Your password has been changed. Sign in with the new one.</Alert>
    <Alert kind="info">Maintenance on Saturday from 02:00 to 04:00 UTC.</Alert>
  </div>
);

export const Kinds: Story = { render: () => all };
export const WithTitleAndAction: Story = {
  args: {
    kind: 'warning',
    title: 'Trial ends in 3 days',
    children:
      'Your proof-of-concept tenant stops on 24 March. Contact sales to keep your machines.',
    action: (
      <Button size="small" variant="outlined" tone="secondary">
        Contact sales
      </Button>
    ),
  },
};
export const LongText: Story = {
  args: {
    kind: 'info',
    children:
      'A very long message that wraps over several lines, including an unbreakable identifier 3f2504e0-4f89-11d3-9a0c-0305e82c3301-3f2504e0-4f89-11d3-9a0c-0305e82c3301 to check it does not overflow.',
  },
};
export const Dark: Story = { render: () => all, globals: { theme: 'dark' } };
