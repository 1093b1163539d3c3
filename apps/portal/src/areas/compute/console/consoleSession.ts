import type { ConsoleTicket } from '@portal/api/contract';

export type ConsoleStatus = 'connecting' | 'connected' | 'disconnected';

export interface ConsoleSessionEvents {
  onStatus: (status: ConsoleStatus, reason?: string) => void;
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
          if (!closed) events.onStatus('disconnected', closeReason(event, opened));
        };
      },
      (error: unknown) => {
        if (!closed) events.onStatus('disconnected', describeError(error));
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
