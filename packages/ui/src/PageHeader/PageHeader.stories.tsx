import type { Meta, StoryObj } from '@storybook/react-vite';
import { mdiPlus } from '@mdi/js';
import { BackButton } from '../BackButton/BackButton.tsx';
import { Button } from '../Button/Button.tsx';
import { PageHeader } from './PageHeader.tsx';

const meta = {
  title: 'Components/PageHeader',
  component: PageHeader,
  args: { title: 'Virtual machines', description: 'Machines of Acme Manufacturing (UZZ100001).' },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: {
    actions: (
      <Button variant="primary" leadingIcon={mdiPlus}>
        Create
      </Button>
    ),
  },
};
export const WithBack: Story = {
  args: { title: 'Virtual machine 5', back: <BackButton href="#compute" /> },
};
export const TitleOnly: Story = { args: { description: undefined } };
export const LongTitle: Story = {
  args: {
    title: 'Backup tenant 3f2504e0-4f89-11d3-9a0c-0305e82c3301 of Acme Manufacturing in Frankfurt',
    actions: <Button variant="primary">Edit</Button>,
  },
};
export const Dark: Story = { ...Playground, globals: { theme: 'dark' } };
