import { describe, expect, it } from 'vitest';
import { screen, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@portal/api/client';
import { ThemeProvider } from '@portal/ui';
import { DetailPage, type DetailPageProps } from './DetailPage.tsx';
import { memoryRouter } from '../test-router.tsx';

const TABS = [
  { id: 'overview', label: 'Overview', content: <p>Overview panel</p> },
  { id: 'snapshots', label: 'Snapshots', content: <p>Snapshots panel</p> },
];

function visit(path: string, props: Partial<DetailPageProps> = {}) {
  const { element, router } = memoryRouter(
    [
      {
        path: '/servers/:id',
        element: (
          <DetailPage
            listPath="/servers"
            listLabel="Servers"
            noun="server"
            title="web-01"
            loading={false}
            tabs={TABS}
            {...props}
          />
        ),
      },
      { path: '/servers', element: <p>List</p> },
    ],
    path,
  );
  render(<ThemeProvider>{element}</ThemeProvider>);
  return { router, user: userEvent.setup() };
}

describe('DetailPage', () => {
  it('keeps the tab in the URL, beside prevSearch', async () => {
    const { router, user } = visit('/servers/1?prevSearch=web');
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeTruthy();
    expect(screen.getByText('Overview panel')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Snapshots' }));
    await waitFor(() => expect(router.location.search).toBe('?prevSearch=web&tab=snapshots'));
    expect(screen.getByText('Snapshots panel')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    await waitFor(() => expect(router.location.search).toBe('?prevSearch=web'));
  });

  it('opens the tab the URL names, and the first for an unknown one', () => {
    visit('/servers/1?tab=snapshots');
    expect(screen.getByRole('tab', { name: 'Snapshots', selected: true })).toBeTruthy();
  });

  it('falls back to the first tab for an unknown one', () => {
    visit('/servers/1?tab=nonsense');
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeTruthy();
  });

  it('goes back to the list with the search it had', () => {
    visit('/servers/1?prevSearch=web%201&tab=snapshots');
    expect(screen.getByRole('link', { name: /Servers/ }).getAttribute('href')).toBe(
      '/servers?prevSearch=web+1',
    );
  });

  it('says when the resource does not exist', () => {
    visit('/servers/9', { error: new ApiError('Not Found', 404, { message: 'Not found' }) });
    expect(screen.getByRole('heading', { name: 'No such server' })).toBeTruthy();
    expect(screen.getByText('This server does not exist')).toBeTruthy();
  });

  it('shows a skeleton while loading', () => {
    visit('/servers/1', { loading: true });
    expect(screen.getByText('Loading the server')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
