import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '@portal/api/client';
import type { IdentityService } from '@portal/api/identity';
import {
  actingSession,
  actingTenant,
  endActingOnPageHide,
  getServices,
  pageLoad,
  provideServices,
  rememberActing,
  resumeActing,
  type Services,
} from '../services.ts';

/** The session a start (or a resumed start) answers in these cases. */
const RESUMED = 'cd'.repeat(16);

/** What reached the network: ky's calls (a Request) and the page's own (a URL and init). */
interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: string;
  keepalive: boolean;
}

function setup() {
  const sent: Sent[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // ky hands over a Request; the page's own keepalive call a URL and its init.
    const request = typeof input === 'object' && 'headers' in input ? input : null;
    sent.push({
      url: request ? new URL(request.url).pathname : String(input),
      method: request?.method ?? init?.method ?? 'GET',
      headers: new Headers(request?.headers ?? init?.headers),
      body: request ? await request.clone().text() : String(init?.body ?? ''),
      keepalive: init?.keepalive ?? request?.keepalive ?? false,
    });
    const started = request && new URL(request.url).pathname === '/api/admin/acting';
    const data = { cdb_id: 'UZZ100001', name: 'Acme', ...(started ? { session: RESUMED } : {}) };
    return new Response(JSON.stringify({ data }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  let token = 'token-1';
  const api: ApiClient = createApiClient({
    prefixUrl: 'http://portal.test/api',
    getToken: async () => token,
    getActingTenant: actingTenant,
    fetch: fetchStub as typeof fetch,
  });
  provideServices({
    api,
    identity: {
      ready: async () => undefined,
      currentUser: () => ({ email: 'internal@portal.test' }),
    } as unknown as IdentityService,
    currentUser: {} as Services['currentUser'],
  });
  const uninstall = endActingOnPageHide(window);
  return {
    sent,
    uninstall,
    renewToken: (next: string) => {
      token = next;
    },
  };
}

describe('acting for a customer ends when the page is left', () => {
  let uninstall: () => void = () => undefined;
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    uninstall();
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it('sends the end on pagehide with keepalive and the typed client’s headers', async () => {
    rememberActing('UZZ100001', '/storage', 'Ticket 4711');
    const run = setup();
    uninstall = run.uninstall;
    // A call of the page: ky sends the bearer token and the acting header.
    await getServices().api.get('/services/eseries');
    const [call] = run.sent;
    expect(call?.headers.get('authorization')).toBe('Bearer token-1');

    window.dispatchEvent(new Event('pagehide'));

    const end = run.sent.at(-1);
    expect(end).toMatchObject({
      url: 'http://portal.test/api/admin/acting/end',
      method: 'POST',
      keepalive: true,
      body: JSON.stringify({ cdb_id: 'UZZ100001' }),
    });
    expect(end?.headers.get('authorization')).toBe(call?.headers.get('authorization'));
    expect(end?.headers.get('x-acting-tenant')).toBe('UZZ100001');
    expect(end?.headers.get('content-type')).toBe('application/json');
  });

  it('names this tab’s session in the end, so that another tab acting for the same customer keeps its own', async () => {
    rememberActing('UZZ100001', '/storage', 'Ticket 4711', 'ab'.repeat(16));
    const run = setup();
    uninstall = run.uninstall;
    // A page that has called the server holds a token for the end to carry.
    await getServices().api.get('/services/eseries');
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(run.sent.at(-1)?.body ?? '{}')).toEqual({
      cdb_id: 'UZZ100001',
      session: 'ab'.repeat(16),
    });
  });

  it('carries the token renewed while acting, not the first one', async () => {
    rememberActing('UZZ100001', '/storage', 'Ticket 4711');
    const run = setup();
    uninstall = run.uninstall;
    await getServices().api.get('/services/eseries');
    run.renewToken('token-2');
    await getServices().api.primeToken();
    window.dispatchEvent(new Event('pagehide'));
    expect(run.sent.at(-1)?.headers.get('authorization')).toBe('Bearer token-2');
  });

  it('sends nothing when the tab does not act for a customer', async () => {
    const run = setup();
    uninstall = run.uninstall;
    await getServices().api.get('/services/eseries');
    window.dispatchEvent(new Event('pagehide'));
    expect(run.sent.map((each) => each.url)).toEqual(['/api/services/eseries']);
  });

  it('starts again with the same reason when the tab shows the portal again', async () => {
    rememberActing('UZZ100001', '/storage', 'Ticket 4711');
    const run = setup();
    uninstall = run.uninstall;
    const assign = vi.spyOn(pageLoad, 'assign').mockImplementation(() => undefined);
    await getServices().api.get('/services/eseries');
    window.dispatchEvent(new Event('pagehide'));
    // The reloaded page: acting resumes, audited with the reason given at the start.
    await resumeActing();
    const start = run.sent.at(-1);
    expect(start?.url).toBe('/api/admin/acting');
    expect(JSON.parse(start?.body ?? '{}')).toEqual({ cdb_id: 'UZZ100001', reason: 'Ticket 4711' });
    expect(actingTenant()).toBe('UZZ100001');
    // A new session: the next end names it.
    expect(actingSession()).toBe(RESUMED);
    expect(assign).not.toHaveBeenCalled();
    // Only once: a later load without a pagehide end before it starts nothing.
    const count = run.sent.length;
    await resumeActing();
    expect(run.sent).toHaveLength(count);
  });
});
