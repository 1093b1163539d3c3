import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeReason, consoleSocketUrl, openConsoleSession } from './consoleSession.ts';

/** A WebSocket stand-in: the test drives its events. */
class FakeSocket {
  static OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  constructor(readonly url: string) {}
  send(text: string) {
    this.sent.push(text);
  }
  close(code: number) {
    this.closedWith = code;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
}

const ticket = { ticket: 't', url: '/api/console/ws?ticket=t', expires_at: '' };

describe('console session', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('builds the WebSocket address on the page origin', () => {
    expect(consoleSocketUrl(ticket, new URL('https://portal.example/compute/1/console'))).toBe(
      'wss://portal.example/api/console/ws?ticket=t',
    );
    expect(consoleSocketUrl(ticket, new URL('http://127.0.0.1:3000/x'))).toBe(
      'ws://127.0.0.1:3000/api/console/ws?ticket=t',
    );
  });

  it('connects with a ticket, relays text both ways and reports a disconnect', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const statuses: string[] = [];
    const output: string[] = [];
    let socket: FakeSocket | undefined;
    const session = openConsoleSession(
      async () => ticket,
      {
        onStatus: (s, why) => statuses.push(why ? `${s}: ${why}` : s),
        onOutput: (t) => output.push(t),
      },
      String,
      (url) => (socket = new FakeSocket(url)) as unknown as WebSocket,
    );
    await vi.waitFor(() => expect(socket).toBeDefined());
    session.send('lost'); // not connected yet: dropped
    socket?.open();
    socket?.onmessage?.({ data: 'web-01 login: ' });
    session.send('root\r');
    socket?.onclose?.({ code: 1006, reason: '' });
    expect(socket?.sent).toEqual(['root\r']);
    expect(output).toEqual(['web-01 login: ']);
    expect(statuses).toEqual(['connecting', 'connected', 'disconnected: The connection was lost.']);
  });

  it('says why when the ticket cannot be had, and stays quiet after close()', async () => {
    const statuses: string[] = [];
    openConsoleSession(
      async () => {
        throw new Error('The console needs a powered-on virtual machine.');
      },
      { onStatus: (s, why) => statuses.push(why ? `${s}: ${why}` : s), onOutput: () => undefined },
      (error) => (error as Error).message,
    );
    await vi.waitFor(() => expect(statuses).toHaveLength(2));
    expect(statuses[1]).toBe('disconnected: The console needs a powered-on virtual machine.');

    const quiet: string[] = [];
    let socket: FakeSocket | undefined;
    const session = openConsoleSession(
      async () => ticket,
      { onStatus: (s) => quiet.push(s), onOutput: () => undefined },
      String,
      (url) => (socket = new FakeSocket(url)) as unknown as WebSocket,
    );
    await vi.waitFor(() => expect(socket).toBeDefined());
    session.close();
    socket?.onclose?.({ code: 1000, reason: '' });
    expect(socket?.closedWith).toBe(1000);
    expect(quiet).toEqual(['connecting']);
  });

  it('tells a refused connection from a lost one', () => {
    expect(closeReason({ code: 1006, reason: '' }, false)).toMatch(/ticket expired/);
    expect(closeReason({ code: 1000, reason: '' })).toBe('The console session ended.');
    expect(closeReason({ code: 1011, reason: 'Console error' })).toBe('Console error');
  });
});
