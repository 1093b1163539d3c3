import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { mdiPlus } from '@mdi/js';
import { BackButton } from '../BackButton/BackButton.tsx';
import { Button } from '../Button/Button.tsx';
import { PageHeader } from './PageHeader.tsx';

const onCreate = fn();
const onCrumb = fn((event: { preventDefault: () => void }) => event.preventDefault());

const meta = {
  title: 'Components/PageHeader',
  component: PageHeader,
  args: { title: 'Virtual machines', description: 'Machines of Acme Manufacturing (UZZ100001).' },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: {
    breadcrumbs: [
      { label: 'Compute', href: '#compute', onClick: onCrumb },
      { label: 'Virtual machines' },
    ],
    actions: (
      <Button variant="primary" leadingIcon={mdiPlus} onClick={onCreate}>
        Create
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Virtual machines' })).toBeVisible();
    const trail = canvas.getByRole('navigation', { name: 'Breadcrumb' });
    const items = within(trail).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(within(items[1]!).getByText('Virtual machines')).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(within(trail).getByRole('link', { name: 'Compute' }));
    await expect(onCrumb).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    await expect(onCreate).toHaveBeenCalled();
  },
};

/** A deeper page: the trail ends at the current page, which is not a link. */
export const WithBreadcrumbs: Story = {
  args: {
    title: 'web-frontend-01',
    description: undefined,
    breadcrumbs: [
      { label: 'Compute', href: '#compute' },
      { label: 'Virtual machines', href: '#compute/vms' },
      { label: 'web-frontend-01' },
    ],
  },
  play: async ({ canvas }) => {
    const trail = canvas.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(within(trail).getAllByRole('link')).toHaveLength(2);
    await expect(within(trail).queryByRole('link', { name: 'web-frontend-01' })).toBeNull();
  },
};

export const WithBack: Story = {
  args: { title: 'Virtual machine 5', back: <BackButton href="#compute" /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '#compute');
  },
};

export const TitleOnly: Story = {
  args: { description: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Virtual machines');
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};

export const LongTitle: Story = {
  args: {
    title: 'Backup tenant 3f2504e0-4f89-11d3-9a0c-0305e82c3301 of Acme Manufacturing in Frankfurt',
    breadcrumbs: [
      { label: 'Backup', href: '#backup' },
      {
        label:
          'Backup tenant 3f2504e0-4f89-11d3-9a0c-0305e82c3301 of Acme Manufacturing in Frankfurt',
      },
    ],
    actions: <Button variant="primary">Edit</Button>,
  },
};

export const Dark: Story = { ...Playground, globals: { theme: 'dark' } };
