import { Agent, request, type Dispatcher } from 'undici';
import WebSocket from 'ws';

/** Where an LXD (or Incus) server answers: its unix socket, or HTTPS with a trusted client certificate. */
export interface LxdEndpoint {
  /** unix socket path, e.g. /var/lib/lxd/unix.socket */
  socketPath?: string;
  /** https://host:8443 */
  url?: string;
  /** PEM text of the client certificate, its key and the server's CA (config reads the files). */
  cert?: string;
  key?: string;
  ca?: string;
}

export interface LxdRequest {
  /** The LXD project (`?project=`); LXD's `default` when absent. */
  project?: string;
  query?: Record<string, string>;
  /** Aborts the call (the task's signal): the call rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface LxdOperation {
  id: string;
  class: 'task' | 'websocket' | 'token';
  status: string;
  status_code: number;
  err: string;
  resources: Record<string, string[]> | null;
  metadata: Record<string, unknown> | null;
}

/** An operation that ended well, for a call that needed no waiting. */
const finished = (metadata: Record<string, unknown> | null): LxdOperation => ({
  id: '',
  class: 'task',
  status: 'Success',
  status_code: FINISHED,
  err: '',
  resources: null,
  metadata,
});

/** The status an instance has after a state action succeeded. */
const STATE_AFTER: Record<string, string> = {
  start: 'Running',
  restart: 'Running',
  unfreeze: 'Running',
  stop: 'Stopped',
  freeze: 'Frozen',
};

/** One message of LXD's event stream (`/1.0/events`). */
export interface LxdEvent {
  type: string;
  timestamp: string;
  project?: string;
  location?: string;
  metadata: Record<string, unknown>;
}

/** LXD answered with an error (or could not be reached: status 0). */
export class LxdError extends Error {
  override name = 'LxdError';
  constructor(
    /** HTTP status (or the failed operation's status code), 0 when LXD is unreachable. */
    readonly status: number,
    /** LXD's own words, kept for the task's detail and the log. */
    readonly lxdMessage: string,
  ) {
    super(
      status === 0 ? `LXD is unreachable: ${lxdMessage}` : `LXD error ${status}: ${lxdMessage}`,
    );
  }
}

/** LXD's reply envelope. */
interface LxdReply {
  type: 'sync' | 'async' | 'error';
  status_code: number;
  error_code?: number;
  error?: string;
  operation?: string;
  metadata: unknown;
}

const DEFAULT_TIMEOUT_MS = 5000;
/** Seconds LXD holds one `/wait` call open; the caller's signal is checked between slices. */
const WAIT_SLICE_S = 5;
/** Operation status codes below this are still going (created, started, running, pending…). */
const FINISHED = 200;

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOENT',
  'ECONNRESET',
  'EACCES',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  return errorCode((error as { cause?: unknown }).cause);
}

/** The prefix of project and ACL names before they carried the installation (ADR 045). */
export const LEGACY_NAME_PREFIX = 'portal-';

/**
 * One maintained HTTP client (undici) for an LXD server's REST API, over its unix socket or over
 * HTTPS with a client certificate. Every call has a timeout, so an LXD that is down is a
 * LxdError with status 0 within seconds, never a hang. Asynchronous calls are awaited on
 * `/1.0/operations/{id}/wait` in slices, under the caller's signal.
 */
export class LxdClient {
  private readonly dispatcher: Agent;
  private readonly origin: string;
  private readonly timeoutMs: number;
  private readonly ownerOf: () => Promise<string>;
  private readonly prefixOf: () => Promise<string>;

  constructor(
    private readonly endpoint: LxdEndpoint,
    options: {
      timeoutMs?: number;
      /**
       * The portal installation this client acts for (platform/installation.ts): what it makes
       * carries it, and only what carries it is taken for its own. None: untagged objects are.
       */
      owner?: () => Promise<string>;
      /**
       * How the installation's names of projects and ACLs begin (platform/installation.ts,
       * ADR 045). None: `portal-`, the names from before installations were named.
       */
      namePrefix?: () => Promise<string>;
    } = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.ownerOf = options.owner ?? (() => Promise.resolve(''));
    this.prefixOf = options.namePrefix ?? (() => Promise.resolve(LEGACY_NAME_PREFIX));
    if (endpoint.socketPath) {
      this.origin = 'http://lxd';
      this.dispatcher = new Agent({
        connect: { socketPath: endpoint.socketPath, timeout: this.timeoutMs },
      });
    } else if (endpoint.url) {
      this.origin = endpoint.url.replace(/\/+$/, '');
      this.dispatcher = new Agent({
        connect: {
          cert: endpoint.cert,
          key: endpoint.key,
          ca: endpoint.ca,
          timeout: this.timeoutMs,
        },
      });
    } else {
      throw new Error('An LXD endpoint needs a socketPath or a url.');
    }
  }

  /** The installation this client acts for ('' when none was given). */
  owner(): Promise<string> {
    return this.ownerOf();
  }

  /** How the names of the projects and ACLs this client makes begin (ADR 045). */
  namePrefix(): Promise<string> {
    return this.prefixOf();
  }

  /** Where this client talks to, for sentences and logs (the socket path or the URL). */
  get address(): string {
    return this.endpoint.socketPath ?? this.endpoint.url ?? '';
  }

  get<T>(path: string, req?: LxdRequest): Promise<T> {
    return this.sync<T>('GET', path, undefined, req);
  }
  put<T>(path: string, body: unknown, req?: LxdRequest): Promise<T> {
    return this.sync<T>('PUT', path, body, req);
  }
  patch<T>(path: string, body: unknown, req?: LxdRequest): Promise<T> {
    return this.sync<T>('PATCH', path, body, req);
  }
  post<T>(path: string, body: unknown, req?: LxdRequest): Promise<T> {
    return this.sync<T>('POST', path, body, req);
  }
  delete<T>(path: string, req?: LxdRequest): Promise<T> {
    return this.sync<T>('DELETE', path, undefined, req);
  }

  postWait(path: string, body: unknown, req?: LxdRequest): Promise<LxdOperation> {
    return this.startAndWait('POST', path, body, req);
  }
  putWait(path: string, body: unknown, req?: LxdRequest): Promise<LxdOperation> {
    return this.startAndWait('PUT', path, body, req);
  }
  patchWait(path: string, body: unknown, req?: LxdRequest): Promise<LxdOperation> {
    return this.startAndWait('PATCH', path, body, req);
  }
  deleteWait(path: string, req?: LxdRequest): Promise<LxdOperation> {
    return this.startAndWait('DELETE', path, undefined, req);
  }

  /** Starts an asynchronous call and answers its operation without waiting (console, exec). */
  async start(
    method: string,
    path: string,
    body: unknown,
    req?: LxdRequest,
  ): Promise<LxdOperation> {
    const reply = await this.call(method, path, body, req);
    if (reply.type !== 'async') {
      throw new LxdError(
        500,
        `${method} ${path} answered synchronously where an operation was expected.`,
      );
    }
    return reply.metadata as LxdOperation;
  }

  /** Waits for an operation to end; throws LxdError when it failed or was cancelled. */
  async wait(operationId: string, req: LxdRequest = {}): Promise<LxdOperation> {
    for (;;) {
      req.signal?.throwIfAborted();
      const reply = await this.call(
        'GET',
        `/1.0/operations/${encodeURIComponent(operationId)}/wait`,
        undefined,
        { ...req, query: { ...req.query, timeout: String(WAIT_SLICE_S) } },
        this.timeoutMs + WAIT_SLICE_S * 1000,
      );
      const op = reply.metadata as LxdOperation;
      if (op.status_code < FINISHED) continue;
      if (op.status_code !== FINISHED) throw new LxdError(op.status_code, op.err || op.status);
      return op;
    }
  }

  /** A websocket to an operation's file descriptor: /1.0/operations/{id}/websocket?secret=… */
  operationSocket(operationId: string, secret: string, project?: string): WebSocket {
    const query = new URLSearchParams({ secret });
    if (project) query.set('project', project);
    return this.socket(`/1.0/operations/${encodeURIComponent(operationId)}/websocket?${query}`);
  }

  /** LXD's event stream of the given types in every project, until `signal` aborts or LXD hangs up. */
  async *events(types: string[], signal: AbortSignal): AsyncIterable<LxdEvent> {
    const query = new URLSearchParams({ type: types.join(','), 'all-projects': 'true' });
    const socket = this.socket(`/1.0/events?${query}`);
    const queue: LxdEvent[] = [];
    let wake: (() => void) | undefined;
    let ended: Error | null | undefined;
    const end = (error: Error | null) => {
      if (ended === undefined) ended = error;
      wake?.();
    };
    const onAbort = () => {
      socket.close();
      end(null);
    };
    socket.on('message', (data) => {
      try {
        queue.push(JSON.parse(String(data)) as LxdEvent);
      } catch {
        return;
      }
      wake?.();
    });
    socket.on('error', (error) => end(new LxdError(0, error.message)));
    socket.on('close', () => end(null));
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      for (;;) {
        const next = queue.shift();
        if (next) {
          yield next;
          continue;
        }
        if (ended !== undefined) {
          if (ended) throw ended;
          return;
        }
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      socket.close();
    }
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }

  private socket(pathAndQuery: string): WebSocket {
    if (this.endpoint.socketPath) {
      return new WebSocket(`ws+unix://${this.endpoint.socketPath}:${pathAndQuery}`, {
        handshakeTimeout: this.timeoutMs,
      });
    }
    return new WebSocket(`${this.origin.replace(/^http/, 'ws')}${pathAndQuery}`, {
      cert: this.endpoint.cert,
      key: this.endpoint.key,
      ca: this.endpoint.ca,
      handshakeTimeout: this.timeoutMs,
    });
  }

  private async sync<T>(method: string, path: string, body: unknown, req?: LxdRequest): Promise<T> {
    const reply = await this.call(method, path, body, req);
    if (reply.type === 'async') {
      // A caller that did not expect an operation still gets it done before answering.
      const id = (reply.metadata as LxdOperation).id;
      return (await this.outcome(id, method, path, body, req)).metadata as T;
    }
    return reply.metadata as T;
  }

  private async startAndWait(
    method: string,
    path: string,
    body: unknown,
    req?: LxdRequest,
  ): Promise<LxdOperation> {
    const reply = await this.call(method, path, body, req);
    if (reply.type !== 'async') {
      // Some calls finish at once on some servers: nothing to wait for.
      return finished((reply.metadata ?? null) as Record<string, unknown> | null);
    }
    return this.outcome((reply.metadata as LxdOperation).id, method, path, body, req);
  }

  /** How operation `id`, started by `method path body`, ended. */
  private async outcome(
    id: string,
    method: string,
    path: string,
    body: unknown,
    req?: LxdRequest,
  ): Promise<LxdOperation> {
    try {
      return await this.wait(id, req);
    } catch (error) {
      // LXD forgets an operation five seconds after it ends: a server too busy to ask in time
      // gets 404 for an operation that may well have succeeded. What it changed tells.
      if (!(
        error instanceof LxdError &&
        error.status === 404 &&
        /operation/i.test(error.lxdMessage)
      ))
        throw error;
      if (await this.didHappen(method, path, body, req)) return finished(null);
      throw new LxdError(
        500,
        `LXD ended operation ${id} (${method} ${path}) and forgot it before its outcome was read, and its change is not there.`,
      );
    }
  }

  /**
   * Whether the change a forgotten operation asked for is there: a deletion's object is gone, a
   * creation's object (instance, snapshot) exists, a state change's instance is in that state.
   * Anything else cannot be told apart from a failure.
   */
  private async didHappen(
    method: string,
    path: string,
    body: unknown,
    req?: LxdRequest,
  ): Promise<boolean> {
    const read = { project: req?.project, signal: req?.signal };
    const exists = async (at: string) =>
      this.get(at, read).then(
        () => true,
        (error: unknown) => {
          if (error instanceof LxdError && error.status === 404) return false;
          throw error;
        },
      );
    const bare = path.split('?')[0] ?? path;
    const named = (body as { name?: unknown } | undefined)?.name;
    if (method === 'DELETE') return !(await exists(bare));
    if (method === 'POST' && typeof named === 'string' && /\/(instances|snapshots)$/.test(bare))
      return exists(`${bare}/${encodeURIComponent(named)}`);
    const action = (body as { action?: unknown } | undefined)?.action;
    if (method === 'PUT' && bare.endsWith('/state') && typeof action === 'string') {
      const wanted = STATE_AFTER[action];
      if (!wanted) return false;
      const state = await this.get<{ status: string }>(bare, read);
      return state.status === wanted;
    }
    return false;
  }

  private async call(
    method: string,
    path: string,
    body: unknown,
    req: LxdRequest = {},
    timeoutMs = this.timeoutMs,
  ): Promise<LxdReply> {
    const query = new URLSearchParams(req.query);
    if (req.project) query.set('project', req.project);
    const url = `${this.origin}${path}${query.size > 0 ? `${path.includes('?') ? '&' : '?'}${query}` : ''}`;
    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, {
        dispatcher: this.dispatcher,
        method: method as Dispatcher.HttpMethod,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: req.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      if (req.signal?.aborted) throw req.signal.reason;
      const code = errorCode(error);
      if (code && UNREACHABLE_CODES.has(code)) throw new LxdError(0, `${code} on ${this.address}`);
      throw error;
    }
    let reply: LxdReply;
    try {
      reply = (await response.body.json()) as LxdReply;
    } catch (error) {
      if (req.signal?.aborted) throw req.signal.reason;
      const code = errorCode(error);
      throw new LxdError(
        code && UNREACHABLE_CODES.has(code) ? 0 : response.statusCode,
        `${method} ${path} answered with something that is not LXD's JSON (${code ?? 'unreadable'}).`,
      );
    }
    if (reply.type === 'error' || response.statusCode >= 400) {
      throw new LxdError(
        reply.error_code ?? response.statusCode,
        reply.error ?? `HTTP ${response.statusCode}`,
      );
    }
    return reply;
  }
}
