import { ApiError } from '@portal/api/client';
import type { ConsoleTicket } from '@portal/api/contract';

export type ConsoleStatus = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export interface ConsoleSessionEvents {
  /**
   * The connection's state. A `disconnected` carries the reason and whether trying again can
   * help (`retryable`): a dropped line can, a normal end or a refused ticket cannot.
   */
  onStatus: (status: ConsoleStatus, reason?: string, retryable?: boolean) => void;
  onOutput: (text: string) => void;
}

/** The WebSocket address of a ticket's path (`/api/console/ws?ticket=…`) on this origin. */
export function consoleSocketUrl(ticket: Pick<ConsoleTicket, 'url'>, location: Location | URL) {
  const url = new URL(ticket.url, location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** Why a close happened, in words: 1000 is a normal end; anything else broke. */
export function closeReason(event: Pick<CloseEvent, 'code' | 'reason'>, opened = true): string {
  // Refused before the upgrade (a ticket that expired or was used): the socket never opened.
  if (!opened)
    return 'The console did not accept the connection: its ticket expired or was already used. Reconnect to get a new one.';
  if (event.code === 1000) return event.reason || 'The console session ended.';
  if (event.reason) return event.reason;
  if (event.code === 1006) return 'The connection was lost.';
  return `The connection closed (code ${event.code}).`;
}

/**
 * Whether a failed ticket request is a refusal that waiting alone does not change: the VM is gone
 * (404), the console is not ours to open (403), or the VM is powered off (409: someone has to
 * power it on first, so the page says why and offers Reconnect). A lost reply may pass later.
 */
export const isTicketRefused = (error: unknown) =>
  error instanceof ApiError && [403, 404, 409].includes(error.status);

/**
 * One console connection: fetches a fresh single-use ticket, opens the WebSocket and relays text
 * both ways. `close()` ends it without reporting a disconnect (the page left or reconnects).
 */
export function openConsoleSession(
  getTicket: () => Promise<ConsoleTicket>,
  events: ConsoleSessionEvents,
  describeError: (error: unknown) => string,
  createSocket: (url: string) => WebSocket = (url) => new WebSocket(url),
) {
  let socket: WebSocket | null = null;
  let closed = false;
  events.onStatus('connecting');
  Promise.resolve()
    .then(getTicket)
    .then(
      (ticket) => {
        if (closed) return;
        socket = createSocket(consoleSocketUrl(ticket, window.location));
        let opened = false;
        socket.onopen = () => {
          opened = true;
          events.onStatus('connected');
        };
        socket.onmessage = (message: MessageEvent) => {
          if (typeof message.data === 'string') events.onOutput(message.data);
        };
        socket.onclose = (event) => {
          // A normal close is the console ending the session (the guest powered off, say).
          if (!closed)
            events.onStatus(
              'disconnected',
              closeReason(event, opened),
              !opened || event.code !== 1000,
            );
        };
      },
      (error: unknown) => {
        if (!closed) events.onStatus('disconnected', describeError(error), !isTicketRefused(error));
      },
    );
  return {
    /** Sends keystrokes or pasted text; dropped unless connected. */
    send(text: string) {
      if (socket?.readyState === WebSocket.OPEN) socket.send(text);
    },
    close() {
      closed = true;
      socket?.close(1000);
    },
  };
}

export type ConsoleSession = ReturnType<typeof openConsoleSession>;

/** The first wait before reconnecting; each failure doubles it, up to the ceiling. */
export const RECONNECT_FIRST_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

/** The wait after the n-th failure in a row (n ≥ 1): 1 s, 2 s, 4 s, 8 s, 16 s, then 30 s. */
export const reconnectDelay = (failures: number) =>
  Math.min(RECONNECT_FIRST_MS * 2 ** Math.max(0, failures - 1), RECONNECT_MAX_MS);

/** What the console page shows: the state, why, and the seconds until the next try. */
export interface ConsoleState {
  status: ConsoleStatus;
  reason?: string;
  /** While `reconnecting`: whole seconds until the next attempt. */
  retryIn?: number;
}

export interface ReconnectingConsoleEvents {
  onState: (state: ConsoleState) => void;
  onOutput: (text: string) => void;
}

/**
 * A console that reconnects by itself: a dropped connection waits `reconnectDelay` (counting the
 * seconds down through `onState`) and opens a new session with a new ticket. It gives up on a
 * normal end or a refused ticket, and stops for good on `close()` (the page left).
 * `reconnectNow()` skips the wait, or starts again after giving up.
 */
export function openReconnectingConsole(
  getTicket: () => Promise<ConsoleTicket>,
  events: ReconnectingConsoleEvents,
  describeError: (error: unknown) => string,
  createSocket?: (url: string) => WebSocket,
) {
  let session: ConsoleSession | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let closed = false;

  const stopWaiting = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const waitThenConnect = (reason: string | undefined) => {
    let left = Math.ceil(reconnectDelay(failures) / 1000);
    const tick = () => {
      if (left <= 0) {
        timer = undefined;
        connect();
        return;
      }
      events.onState({ status: 'reconnecting', reason, retryIn: left });
      left -= 1;
      timer = setTimeout(tick, 1000);
    };
    tick();
  };

  function connect() {
    stopWaiting();
    session?.close();
    session = openConsoleSession(
      getTicket,
      {
        onStatus: (status, reason, retryable) => {
          if (closed) return;
          if (status === 'connected') failures = 0;
          if (status === 'disconnected' && retryable) {
            failures += 1;
            waitThenConnect(reason);
            return;
          }
          events.onState(reason === undefined ? { status } : { status, reason });
        },
        onOutput: (text) => {
          if (!closed) events.onOutput(text);
        },
      },
      describeError,
      createSocket,
    );
  }

  connect();
  return {
    /** Sends keystrokes or pasted text; dropped unless connected. */
    send(text: string) {
      session?.send(text);
    },
    /** Connects at once: skips a running wait, or tries again after the console gave up. */
    reconnectNow() {
      if (closed) return;
      failures = 0;
      connect();
    },
    /** Ends it for good: no more reconnects, no more events. */
    close() {
      closed = true;
      stopWaiting();
      session?.close();
    },
  };
}

export type ReconnectingConsole = ReturnType<typeof openReconnectingConsole>;
