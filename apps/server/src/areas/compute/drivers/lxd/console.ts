import { StringDecoder } from 'node:string_decoder';
import { setTimeout as sleep } from 'node:timers/promises';
import type WebSocket from 'ws';
import { LxdError, type LxdClient } from '../../../../platform/lxd/client.ts';
import { lxdSentence } from '../../../../platform/lxd/errors.ts';
import { instanceState } from '../../../../platform/lxd/state.ts';
import type { ConsoleIo, ConsoleSession, ConsoleTarget } from '../../driver.ts';

/** An LXD instance: its project and name. */
export interface InstanceRef {
  project: string;
  name: string;
}

const CRLF = '\r\n';
/** The size LXD gives the console's terminal: the portal's terminal opens at 80 × 24. */
const COLUMNS = 80;
const ROWS = 24;
/** Keystrokes kept while the console connects; a paste larger than this is cut, not queued forever. */
const MAX_PENDING_BYTES = 64 * 1024;
/** How often an Enter is sent until the console answers, and for how long at most. */
const NUDGE_EVERY_MS = 100;
const NUDGE_FOR_MS = 5000;
/** How often an open console checks that its instance still runs: LXD keeps it open when not. */
const CHECK_EVERY_MS = 3000;

/** The secrets of a console operation's two websockets: the terminal's bytes, and its control. */
function consoleSecrets(metadata: Record<string, unknown> | null): {
  data: string;
  control: string;
} {
  const fds = metadata?.['fds'];
  if (typeof fds === 'object' && fds !== null) {
    const { 0: data, control } = fds as Record<string, unknown>;
    if (typeof data === 'string' && typeof control === 'string') return { data, control };
  }
  throw new LxdError(500, 'The console operation named no websockets.');
}

const opened = (socket: WebSocket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('close', () => reject(new LxdError(0, 'The console closed while connecting.')));
  });

/**
 * The instance's console (`/dev/console`), through LXD's console operation: one websocket carries
 * the terminal's bytes both ways, the other is its control, and closing the control ends the
 * operation. LXD starts copying only once both are connected, so what the user types before that
 * is kept and sent then. Either side closing closes the other, and so does the instance stopping
 * (which LXD does not count as the console's end); an LXD that does not answer is a sentence on
 * the terminal, then the end of the session.
 */
export function openLxdConsole(
  client: LxdClient,
  locate: () => Promise<InstanceRef | null>,
  vm: ConsoleTarget,
  io: ConsoleIo,
  site = 'this site',
): ConsoleSession {
  const decoder = new StringDecoder('utf8');
  const sockets: WebSocket[] = [];
  let data: WebSocket | null = null;
  let pending: string[] = [];
  let pendingBytes = 0;
  let closed = false;

  let checking: NodeJS.Timeout | null = null;
  const closeSockets = () => {
    if (checking) clearInterval(checking);
    for (const socket of sockets) {
      // Closing a socket that is still connecting aborts it with an error event: expected here.
      socket.on('error', () => undefined);
      socket.close();
    }
  };
  /** LXD's side ended (or never started): say why when there is a reason, then close the user's. */
  const finish = (sentence?: string) => {
    if (closed) return;
    closed = true;
    closeSockets();
    if (sentence) io.send(`${CRLF}${sentence}${CRLF}`);
    io.close();
  };

  const connect = async () => {
    const instance = await locate();
    if (!instance) return finish(`The virtual machine ${vm.displayName} is no longer on LXD.`);
    const operation = await client.start(
      'POST',
      `/1.0/instances/${encodeURIComponent(instance.name)}/console`,
      { type: 'console', width: COLUMNS, height: ROWS },
      { project: instance.project },
    );
    const secrets = consoleSecrets(operation.metadata);
    const control = client.operationSocket(operation.id, secrets.control, instance.project);
    const terminal = client.operationSocket(operation.id, secrets.data, instance.project);
    sockets.push(control, terminal);
    if (closed) return closeSockets();
    let answered: () => void = () => undefined;
    const answer = new Promise<void>((resolve) => (answered = resolve));
    terminal.on('message', (bytes: Buffer) => {
      answered();
      const text = decoder.write(bytes);
      if (text && !closed) io.send(text);
    });
    await Promise.all([opened(control), opened(terminal)]);
    if (closed) return;
    const ended = () => finish();
    terminal.on('close', ended);
    control.on('close', ended);
    terminal.on('error', ended);
    control.on('error', ended);
    // LXD drops what is written before it has attached to the console (a few hundred ms after
    // both websockets are up), and a shell waiting at its prompt prints nothing on attach. An
    // Enter until the console answers shows the prompt and proves that keystrokes now arrive.
    const deadline = Date.now() + NUDGE_FOR_MS;
    let waiting = true;
    void answer.then(() => (waiting = false));
    while (waiting && !closed && Date.now() < deadline) {
      terminal.send(Buffer.from('\r'));
      await Promise.race([answer, sleep(NUDGE_EVERY_MS)]);
    }
    if (closed) return;
    checking = setInterval(() => {
      instanceState(client, instance.project, instance.name).then(
        (state) => {
          if (state.status !== 'Running') finish(`${vm.displayName} stopped.`);
        },
        (error: unknown) => {
          if (error instanceof LxdError) finish(lxdSentence(error, 'show the console', site));
        },
      );
    }, CHECK_EVERY_MS);
    data = terminal;
    for (const text of pending) terminal.send(Buffer.from(text, 'utf8'));
    pending = [];
  };

  connect().catch((error: unknown) => {
    if (closed) return;
    if (error instanceof LxdError) {
      finish(lxdSentence(error, 'open the console', site));
    } else {
      finish('The console could not be opened. Try again in a few minutes.');
    }
  });

  return {
    input(text: string) {
      if (closed) return;
      if (data) {
        data.send(Buffer.from(text, 'utf8'));
        return;
      }
      const size = Buffer.byteLength(text, 'utf8');
      if (pendingBytes + size > MAX_PENDING_BYTES) return;
      pending.push(text);
      pendingBytes += size;
    },
    close() {
      if (closed) return;
      closed = true;
      closeSockets();
    },
  };
}
