import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Card } from '../Card/Card.tsx';
import { Skeleton, SkeletonGroup } from './Skeleton.tsx';

const meta = {
  title: 'Components/Skeleton',
  component: Skeleton,
  args: { variant: 'text', lines: 3 },
  argTypes: { variant: { control: 'inline-radio', options: ['text', 'rect', 'circle'] } },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Rect: Story = { args: { variant: 'rect', height: 160 } };

export const Circle: Story = { args: { variant: 'circle', height: 48 } };

/** A card while its data loads: announced once as "Loading virtual machine". */
export const InACard: Story = {
  render: () => (
    <Card>
      <SkeletonGroup label="Loading virtual machine">
        <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
          <Skeleton variant="circle" height={40} />
          <Skeleton width="50%" height="1.2em" />
        </div>
        <Skeleton lines={3} />
        <Skeleton variant="rect" height={96} />
      </SkeletonGroup>
    </Card>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading virtual machine');
  },
};

export const Dark: Story = { ...InACard, globals: { theme: 'dark' } };
