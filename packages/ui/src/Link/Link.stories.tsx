import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { BackButton } from '../BackButton/BackButton.tsx';
import { LinkButton } from '../LinkButton/LinkButton.tsx';
import { PageHeader } from '../PageHeader/PageHeader.tsx';
import { Link, LinkProvider, type LinkComponentProps } from './Link.tsx';

const meta = {
  title: 'Components/Link',
  component: Link,
  args: { href: '#compute', children: 'Virtual machines' },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No provider: a plain `<a href>`, the browser navigates. */
export const Playground: Story = {};

/** A router stand-in: what the portal does with react-router's `Link`. */
function RoutedLinks({ mode }: { mode: 'navigate' | 'component' }) {
  const [path, setPath] = useState('/compute');
  const Routed = ({ href, onClick, ref, ...rest }: LinkComponentProps) => (
    <a
      {...rest}
      ref={ref}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        setPath(href);
      }}
    />
  );
  return (
    <LinkProvider
      navigate={mode === 'navigate' ? setPath : undefined}
      component={mode === 'component' ? Routed : undefined}
    >
      <PageHeader
        title="web-01"
        back={<BackButton href="/compute" />}
        breadcrumbs={[{ label: 'Virtual machines', href: '/compute' }, { label: 'web-01' }]}
        actions={<LinkButton href="/compute/vm-1/console">Open console</LinkButton>}
      />
      <p>
        Current path: <output aria-label="Current path">{path}</output> ·{' '}
        <Link href="/storage">Storage</Link>
      </p>
    </LinkProvider>
  );
}

/** `LinkProvider navigate`: plain anchors whose plain left clicks route client-side. */
export const WithNavigate: Story = {
  render: () => <RoutedLinks mode="navigate" />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Open console' }));
    await expect(canvas.getByRole('status', { name: 'Current path' })).toHaveTextContent(
      '/compute/vm-1/console',
    );
    await userEvent.click(canvas.getByRole('link', { name: 'Storage' }));
    await expect(canvas.getByRole('status', { name: 'Current path' })).toHaveTextContent(
      '/storage',
    );
  },
};

/** `LinkProvider component`: every ui link renders through the app's link component. */
export const WithComponent: Story = {
  render: () => <RoutedLinks mode="component" />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Back' }));
    await expect(canvas.getByRole('status', { name: 'Current path' })).toHaveTextContent(
      '/compute',
    );
    await userEvent.click(canvas.getByRole('link', { name: 'Storage' }));
    await expect(canvas.getByRole('status', { name: 'Current path' })).toHaveTextContent(
      '/storage',
    );
  },
};
