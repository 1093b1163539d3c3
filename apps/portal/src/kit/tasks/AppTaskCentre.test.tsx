import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TaskSummary } from '@portal/api/contract';
import type { ApiClient } from '@portal/api/client';
import type { IdentityService } from '@portal/api/identity';
import { ThemeProvider } from '@portal/ui';
import { provideServices, type Services } from '../../services.ts';
import { createQueryClient } from '../query.ts';
import { AppTaskCentre, toTaskCentreItem } from './AppTaskCentre.tsx';

const task = (overrides: Partial<TaskSummary>): TaskSummary => ({
  id: 1,
  area: 'compute',
  operation: 'Power off',
  target: { kind: 'vm', id: '12', name: 'web-01', path: '/compute/12' },
  state: 'SUCCESS',
  message: '',
  created_by: 'acme@portal.test',
  created_at: '2026-03-10T11:58:00.000Z',
  started_at: '2026-03-10T11:58:00.000Z',
  finished_at: '2026-03-10T11:58:42.000Z',
  ...overrides,
});

const NOW = Date.parse('2026-03-10T12:00:00.000Z');

describe('the task centre', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a task with its target link, start, duration and message', () => {
    const item = toTaskCentreItem(task({ state: 'FAILURE', message: 'The host is down.' }), NOW);
    expect(item).toMatchObject({
      id: '1',
      operation: 'Power off',
      target: 'web-01',
      targetHref: '/compute/12',
      state: 'FAILURE',
      duration: '42 s',
      message: 'The host is down.',
    });
    expect(item.started).toMatch(/^2 minutes ago · /);
    // only a task that has not started may be cancelled
    expect(item.cancellable).toBe(false);
    expect(toTaskCentreItem(task({ state: 'PENDING', started_at: null }), NOW).cancellable).toBe(
      true,
    );
    // a running task's duration runs up to now; a deleted target is not a link
    const running = toTaskCentreItem(
      task({
        state: 'RUNNING',
        finished_at: null,
        target: { kind: 'vm', id: '3', name: 'old', path: null },
      }),
      NOW,
    );
    expect(running.duration).toBe('2 min');
    expect(running.targetHref).toBeUndefined();
  });

  it('counts the user’s open tasks on the badge and lists every area’s, newest first', async () => {
    const page = vi.fn(async (_path: string, options?: { searchParams?: URLSearchParams }) => {
      const mine = options?.searchParams?.get('mine') === 'true';
      return mine
        ? { data: [task({ id: 3, state: 'RUNNING' })], page: { next_cursor: null } }
        : {
            data: [
              task({
                id: 3,
                state: 'RUNNING',
                operation: 'Create',
                created_at: '2026-03-10T11:59:00.000Z',
              }),
              task({
                id: 2,
                area: 'vwseries',
                operation: 'Refresh',
                target: {
                  kind: 'service',
                  id: 'ABC123456',
                  name: 'ABC123456',
                  path: '/vwseries/ABC123456',
                },
              }),
            ],
            page: { next_cursor: null },
          };
    });
    provideServices({
      identity: {} as IdentityService,
      api: { page } as unknown as ApiClient,
      currentUser: {} as Services['currentUser'],
    });
    render(
      <ThemeProvider>
        <QueryClientProvider client={createQueryClient()}>
          <AppTaskCentre />
        </QueryClientProvider>
      </ThemeProvider>,
    );
    const bell = await screen.findByRole('button', { name: 'Tasks, 1 running' });
    expect(page).toHaveBeenCalledWith('/services/task', expect.anything());
    await userEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Tasks' });
    await waitFor(() => expect(dialog.textContent).toContain('Refresh'));
    expect(dialog.textContent?.indexOf('Create')).toBeLessThan(
      dialog.textContent?.indexOf('Refresh') ?? 0,
    );
    expect(screen.getByRole('link', { name: 'ABC123456' }).getAttribute('href')).toBe(
      '/vwseries/ABC123456',
    );
  });
});
