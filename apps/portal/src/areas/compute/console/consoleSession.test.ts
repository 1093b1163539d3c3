import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api/client';
import {
  closeReason,
  consoleSocketUrl,
  openConsoleSession,
  openReconnectingConsole,
  reconnectDelay,
  type ConsoleState,
} from './consoleSession.ts';

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

describe('reconnecting console', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** A console whose sockets and ticket answers the test controls, on fake timers. */
  function setup(getTicket: () => Promise<typeof ticket> = async () => ticket) {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    const sockets: FakeSocket[] = [];
    const states: ConsoleState[] = [];
    const tickets = vi.fn(getTicket);
    const console = openReconnectingConsole(
      tickets,
      { onState: (s) => states.push(s), onOutput: () => undefined },
      (error) => (error as Error).message,
      (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
    );
    const last = () => states[states.length - 1];
    return { console, sockets, states, tickets, last };
  }

  it('waits 1, 2, 4, 8, 16 s and then at most 30 s between tries', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(reconnectDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('reconnects by itself after a dropped connection, counting down, and backs off', async () => {
    const { sockets, tickets, last } = setup();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.open();
    expect(last()).toEqual({ status: 'connected' });
    sockets[0]?.onclose?.({ code: 1006, reason: '' });
    expect(last()).toEqual({
      status: 'reconnecting',
      reason: 'The connection was lost.',
      retryIn: 1,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(tickets).toHaveBeenCalledTimes(2);
    expect(sockets).toHaveLength(2);
    // refused before opening (an expired ticket): try again, now after 2 s
    sockets[1]?.onclose?.({ code: 1006, reason: '' });
    expect(last()).toMatchObject({ status: 'reconnecting', retryIn: 2 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(last()).toMatchObject({ status: 'reconnecting', retryIn: 1 });
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(3);
    sockets[2]?.onclose?.({ code: 1006, reason: '' });
    expect(last()).toMatchObject({ retryIn: 4 });
    // connected again: the next drop waits 1 s again
    await vi.advanceTimersByTimeAsync(4000);
    sockets[3]?.open();
    sockets[3]?.onclose?.({ code: 1006, reason: '' });
    expect(last()).toMatchObject({ retryIn: 1 });
  });

  it('reconnects at once on request, skipping the wait', async () => {
    const { console, sockets, last } = setup();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.open();
    sockets[0]?.onclose?.({ code: 1011, reason: 'Console error' });
    expect(last()).toMatchObject({ status: 'reconnecting', reason: 'Console error' });
    console.reconnectNow();
    expect(last()).toEqual({ status: 'connecting' });
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(2);
    // the cancelled wait does not open a third connection
    await vi.advanceTimersByTimeAsync(5000);
    expect(sockets).toHaveLength(2);
  });

  it('gives up on a refused ticket or a normal end; a manual reconnect still works', async () => {
    let refuse = true;
    const { console, sockets, tickets, last } = setup(async () => {
      if (refuse) throw new ApiError('Not found', 404, { message: 'Virtual machine not found.' });
      return ticket;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(last()).toEqual({ status: 'disconnected', reason: 'Not found' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tickets).toHaveBeenCalledTimes(1);

    refuse = false;
    console.reconnectNow();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.open();
    sockets[0]?.onclose?.({ code: 1000, reason: '' });
    expect(last()).toEqual({ status: 'disconnected', reason: 'The console session ended.' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tickets).toHaveBeenCalledTimes(2);
  });

  it('stops and says why while the VM is powered off: only powering it on helps', async () => {
    const { tickets, last } = setup(async () => {
      throw new ApiError('Conflict', 409, { message: 'Power it on first.' });
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(last()).toMatchObject({ status: 'disconnected' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tickets).toHaveBeenCalledTimes(1);
  });

  it('keeps trying while the ticket request gets no reply', async () => {
    const { tickets, last } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(last()).toMatchObject({ status: 'reconnecting', retryIn: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(tickets).toHaveBeenCalledTimes(2);
  });

  it('stops for good when the page closes, even in the middle of a wait', async () => {
    const { console, sockets, states, tickets } = setup();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.onclose?.({ code: 1006, reason: '' });
    const seen = states.length;
    console.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tickets).toHaveBeenCalledTimes(1);
    expect(states).toHaveLength(seen);
    console.reconnectNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(tickets).toHaveBeenCalledTimes(1);
  });
});
