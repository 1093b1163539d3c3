// One real check of each kind, with Node's own clients and undici: HTTP(S) status, keyword and
// response time; a TCP port; a DNS record from a configurable server; a TLS certificate's days
// left; a ping through the system's ping command. Each answers a CheckFacts within the monitor's
// timeout, with a sentence for a person; a refused target is a failed check saying why.
import { execFile } from 'node:child_process';
import type { lookup as dnsLookup } from 'node:dns';
import { Resolver } from 'node:dns/promises';
import { STATUS_CODES } from 'node:http';
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { connect as tlsConnect, rootCertificates, type PeerCertificate } from 'node:tls';
import { Agent, request, type Dispatcher } from 'undici';
import { targetHost } from '@portal/api/domain';
import type { CheckFacts, ProbeSpec } from '../../driver.ts';
import { backstopTimeouts, guardedLookup, hostRefusal, RefusedTarget } from './guard.ts';

const DAY_MS = 86_400_000;
/** The most of a page read for a keyword. */
const BODY_LIMIT = 1024 * 1024;
const USER_AGENT = 'SkyportMonitor/1.0 (+portal monitoring)';

export interface ProbeEnvOptions {
  allowPrivate: boolean;
  /** `host` or `host:port` of the DNS server DNS checks ask; null: the system's. */
  dnsServer: string | null;
  /** More certificate authorities to trust (PEM), beside Node's. */
  extraCa?: string | null;
  /** How names are resolved (tests stand in a resolver); the system's by default. */
  resolve?: typeof dnsLookup;
}

/** What every probe of a process shares: the guarded lookup and one HTTP connection pool. */
export class ProbeEnv {
  readonly lookup: ReturnType<typeof guardedLookup>;
  readonly ca: string[] | undefined;
  readonly dispatcher: Agent;

  constructor(readonly options: ProbeEnvOptions) {
    this.lookup = guardedLookup(options.allowPrivate, options.resolve);
    this.ca = options.extraCa ? [...rootCertificates, options.extraCa] : undefined;
    this.dispatcher = new Agent({
      connect: { lookup: this.lookup, ...(this.ca ? { ca: this.ca } : {}) },
      keepAliveTimeout: 4_000,
      connections: 4,
    });
  }

  close(): Promise<void> {
    return this.dispatcher.close();
  }
}

/** Starts timing a check: the answer tells the milliseconds since, at least 1. */
const stopwatch = () => {
  const started = performance.now();
  return () => Math.max(1, Math.round(performance.now() - started));
};

const failed = (at: number, message: string, responseMs: number | null = null): CheckFacts => ({
  at,
  ok: false,
  warning: false,
  responseMs,
  message,
});

/** Passed; slow (over half the timeout) is a warning, as the simulator has it. */
function passed(
  at: number,
  message: string,
  responseMs: number,
  timeoutMs: number,
  warning = false,
): CheckFacts {
  const slow = responseMs > timeoutMs / 2;
  return {
    at,
    ok: true,
    warning: warning || slow,
    responseMs,
    message: slow ? `${message} (slow: ${responseMs} ms)` : message,
  };
}

const codeOf = (error: unknown): string | undefined => {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
};

const refusedIn = (error: unknown): RefusedTarget | null => {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    if (current instanceof RefusedTarget) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
};

/** A connection error as a sentence. */
function connectionSentence(error: unknown, where: string, timeoutSeconds: number): string {
  const refused = refusedIn(error);
  if (refused) return `Refused: ${refused.message}`;
  switch (codeOf(error)) {
    case 'ECONNREFUSED':
      return `Connection to ${where} refused`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${where} could not be resolved`;
    case 'ECONNRESET':
      return `Connection to ${where} was reset`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${where} is unreachable`;
    case 'ABORT_ERR':
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
    case 'ETIMEDOUT':
    case 'TimeoutError':
      return `Timed out after ${timeoutSeconds} s`;
    case 'CERT_HAS_EXPIRED':
      return `The TLS certificate of ${where} has expired`;
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return `The TLS certificate of ${where} is not trusted`;
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `The TLS certificate of ${where} is for another name`;
    default: {
      const text = error instanceof Error ? error.message : String(error);
      return `Connection to ${where} failed: ${text}`;
    }
  }
}

/** The statuses that send a browser elsewhere, and how many hops a check follows. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/** Where a redirect leads, relative to the page that gave it; null unless it is HTTP(S). */
function redirectTarget(from: URL, location: string): URL | null {
  try {
    const next = new URL(location, from);
    return next.protocol === 'http:' || next.protocol === 'https:' ? next : null;
  } catch {
    return null;
  }
}

/** A host name or an IP address as sockets want it (no IPv6 brackets). */
const bare = (host: string) => host.replace(/^\[|\]$/g, '');

async function httpCheck(spec: ProbeSpec, env: ProbeEnv, at: number): Promise<CheckFacts> {
  const timeoutMs = spec.timeoutSeconds * 1000;
  let url: URL;
  try {
    url = new URL(spec.target);
  } catch {
    return failed(at, `${spec.target} is not a URL`);
  }
  const elapsedMs = stopwatch();
  const signal = AbortSignal.timeout(timeoutMs);
  const expected = spec.expectedStatus ?? 200;
  let hops = 0;
  try {
    let response: Dispatcher.ResponseData;
    // Redirects are followed (as a browser would, up to MAX_REDIRECTS), each hop checked against
    // the private ranges like the first; a monitor that expects a redirect gets it unfollowed.
    for (;;) {
      const refusal = hostRefusal(url.hostname, env.options.allowPrivate);
      if (refusal) return failed(at, `Refused: ${refusal}`);
      response = await request(url, {
        method: 'GET',
        dispatcher: env.dispatcher,
        signal,
        ...backstopTimeouts(timeoutMs),
        headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/json,*/*' },
      });
      const location = response.headers['location'];
      if (!REDIRECTS.has(response.statusCode) || response.statusCode === expected || !location)
        break;
      await response.body.dump();
      const next = redirectTarget(url, String(location));
      if (!next)
        return failed(at, `${url.host} redirects to ${String(location)}, which is not an HTTP URL`);
      if (++hops > MAX_REDIRECTS)
        return failed(at, `More than ${MAX_REDIRECTS} redirects from ${spec.target}`);
      url = next;
    }
    const status = response.statusCode;
    let text = '';
    if (spec.keyword) {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= BODY_LIMIT) break;
      }
      text = Buffer.concat(chunks).toString('utf8');
      if (size >= BODY_LIMIT) response.body.destroy();
    } else {
      await response.body.dump();
    }
    const responseMs = elapsedMs();
    const line =
      `HTTP ${status} ${STATUS_CODES[status] ?? ''}`.trim() +
      (hops ? ` (after ${hops} redirect${hops > 1 ? 's' : ''} to ${url.host}${url.pathname})` : '');
    if (status !== expected)
      return failed(at, `Expected HTTP ${expected}, got ${line}`, responseMs);
    if (spec.keyword && !text.toLowerCase().includes(spec.keyword.toLowerCase()))
      return failed(at, `${line}, but the page does not contain "${spec.keyword}"`, responseMs);
    return passed(at, line, responseMs, timeoutMs);
  } catch (error) {
    if (signal.aborted) return failed(at, `Timed out after ${spec.timeoutSeconds} s`);
    return failed(at, connectionSentence(error, url.host, spec.timeoutSeconds));
  }
}

/** Where a TCP or TLS check connects: a URL's host and port, or the address and the given port. */
function endpoint(spec: ProbeSpec, fallbackPort: number): { host: string; port: number } {
  try {
    const url = new URL(spec.target);
    if (url.protocol === 'http:' || url.protocol === 'https:')
      return {
        host: bare(url.hostname),
        port: Number(url.port) || spec.port || (url.protocol === 'https:' ? 443 : 80),
      };
  } catch {
    // an address, not a URL
  }
  return { host: bare(targetHost(spec.target)), port: spec.port ?? fallbackPort };
}

/** Where a connection check goes (`where` names it `host:port`), or why it may not go there. */
function connectionTarget(
  spec: ProbeSpec,
  env: ProbeEnv,
  fallbackPort: number,
): { host: string; port: number; where: string } | { refusal: string } {
  const { host, port } = endpoint(spec, fallbackPort);
  const refusal = hostRefusal(host, env.options.allowPrivate);
  return refusal ? { refusal } : { host, port, where: `${host}:${port}` };
}

/**
 * Waits for a socket to finish connecting (`event`): the check is what `connected` makes of it,
 * given the response time, before the socket is closed; a timeout (`timedOut`) or an error fails
 * it with a sentence.
 */
function connectionCheck(
  socket: Socket,
  event: 'connect' | 'secureConnect',
  check: { spec: ProbeSpec; at: number; where: string; timedOut: string },
  connected: (responseMs: number, timeoutMs: number) => CheckFacts,
): Promise<CheckFacts> {
  const { spec, at, where } = check;
  const timeoutMs = spec.timeoutSeconds * 1000;
  const elapsedMs = stopwatch();
  return new Promise<CheckFacts>((resolve) => {
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(failed(at, check.timedOut));
    }, timeoutMs);
    socket.once(event, () => {
      clearTimeout(timer);
      const facts = connected(elapsedMs(), timeoutMs);
      socket.destroy();
      resolve(facts);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(failed(at, connectionSentence(error, where, spec.timeoutSeconds)));
    });
  });
}

async function tcpCheck(spec: ProbeSpec, env: ProbeEnv, at: number): Promise<CheckFacts> {
  const target = connectionTarget(spec, env, 80);
  if ('refusal' in target) return failed(at, `Refused: ${target.refusal}`);
  const { host, port, where } = target;
  return connectionCheck(
    netConnect({ host, port, lookup: env.lookup }),
    'connect',
    { spec, at, where, timedOut: `Connection to ${where} timed out` },
    (responseMs, timeoutMs) => passed(at, `Port ${port} open`, responseMs, timeoutMs),
  );
}

const dateOf = (time: number) => new Date(time).toISOString().slice(0, 10);

async function tlsCheck(spec: ProbeSpec, env: ProbeEnv, at: number): Promise<CheckFacts> {
  const target = connectionTarget(spec, env, 443);
  if ('refusal' in target) return failed(at, `Refused: ${target.refusal}`);
  const { host, port, where } = target;
  const socket = tlsConnect({
    host,
    port,
    lookup: env.lookup,
    ...(isIP(host) ? {} : { servername: host }),
    ...(env.ca ? { ca: env.ca } : {}),
    // The certificate is read even when it is not trusted, to say why.
    rejectUnauthorized: false,
  });
  return connectionCheck(
    socket,
    'secureConnect',
    { spec, at, where, timedOut: `TLS handshake with ${where} timed out` },
    (responseMs, timeoutMs) => {
      const certificate: PeerCertificate = socket.getPeerCertificate();
      const reason = socket.authorizationError;
      const expires = Date.parse(certificate.valid_to);
      if (!Number.isFinite(expires)) return failed(at, `${where} sent no certificate`, responseMs);
      const now = Date.now();
      if (expires <= now)
        return failed(at, `The certificate expired on ${dateOf(expires)}`, responseMs);
      if (!socket.authorized)
        return failed(
          at,
          connectionSentence(
            Object.assign(new Error(String(reason)), { code: String(reason) }),
            where,
            spec.timeoutSeconds,
          ),
          responseMs,
        );
      const days = Math.floor((expires - now) / DAY_MS);
      if (days < (spec.tlsDaysThreshold ?? 14))
        return passed(
          at,
          `The certificate expires in ${days} days (${dateOf(expires)})`,
          responseMs,
          timeoutMs,
          true,
        );
      return passed(
        at,
        `Certificate valid for ${days} days (until ${dateOf(expires)})`,
        responseMs,
        timeoutMs,
      );
    },
  );
}

async function dnsCheck(spec: ProbeSpec, env: ProbeEnv, at: number): Promise<CheckFacts> {
  const host = targetHost(spec.target);
  const type = spec.dnsRecordType ?? 'A';
  const timeoutMs = spec.timeoutSeconds * 1000;
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (env.options.dnsServer) resolver.setServers([env.options.dnsServer]);
  const elapsedMs = stopwatch();
  const timer = setTimeout(() => resolver.cancel(), timeoutMs);
  try {
    let answers: string[];
    switch (type) {
      case 'A':
        answers = await resolver.resolve4(host);
        break;
      case 'AAAA':
        answers = await resolver.resolve6(host);
        break;
      case 'CNAME':
        answers = await resolver.resolveCname(host);
        break;
      case 'MX':
        answers = (await resolver.resolveMx(host))
          .sort((a, b) => a.priority - b.priority)
          .map((mx) => `${mx.priority} ${mx.exchange}`);
        break;
      case 'TXT':
        answers = (await resolver.resolveTxt(host)).map((parts) => `"${parts.join('')}"`);
        break;
      case 'NS':
        answers = await resolver.resolveNs(host);
        break;
    }
    const responseMs = elapsedMs();
    if (answers.length === 0) return failed(at, `No ${type} record for ${host}`, responseMs);
    return passed(at, `${type} ${answers.join(', ')}`, responseMs, timeoutMs);
  } catch (error) {
    switch (codeOf(error)) {
      case 'ENODATA':
        return failed(at, `No ${type} record for ${host}`);
      case 'ENOTFOUND':
        return failed(at, `${host} does not exist (NXDOMAIN)`);
      case 'ESERVFAIL':
        return failed(at, 'The DNS server answered SERVFAIL');
      case 'EREFUSED':
        return failed(at, 'The DNS server refused the query');
      case 'ETIMEOUT':
      case 'ECANCELLED':
        return failed(at, `The DNS server did not answer within ${spec.timeoutSeconds} s`);
      default:
        return failed(
          at,
          `The DNS query failed: ${error instanceof Error ? error.message : String(error)}`,
        );
    }
  } finally {
    clearTimeout(timer);
  }
}

/** A ping through the system's `ping` (raw ICMP sockets need privileges a server should not hold). */
async function pingCheck(spec: ProbeSpec, env: ProbeEnv, at: number): Promise<CheckFacts> {
  const host = bare(targetHost(spec.target));
  const address = await new Promise<string | Error>((resolve) =>
    env.lookup(host, {}, (error, found) =>
      resolve(error ?? (typeof found === 'string' ? found : (found[0]?.address ?? host))),
    ),
  );
  if (address instanceof Error)
    return failed(at, connectionSentence(address, host, spec.timeoutSeconds));
  const elapsedMs = stopwatch();
  return new Promise<CheckFacts>((resolve) => {
    execFile(
      'ping',
      ['-n', '-c', '1', '-W', String(spec.timeoutSeconds), address],
      { timeout: spec.timeoutSeconds * 1000 + 1000 },
      (error, stdout) => {
        const responseMs = elapsedMs();
        if (codeOf(error) === 'ENOENT')
          return resolve(failed(at, 'Ping is not available: this server has no ping command'));
        if (error) return resolve(failed(at, `Request timed out: no reply from ${host}`));
        const time = /time[=<]([\d.]+)\s*ms/.exec(stdout)?.[1];
        resolve(
          passed(
            at,
            `Reply from ${host}`,
            time ? Math.max(1, Math.round(Number(time))) : responseMs,
            spec.timeoutSeconds * 1000,
          ),
        );
      },
    );
  });
}

/** Runs one check of `spec` now; never rejects. */
export async function runProbe(
  given: ProbeSpec,
  env: ProbeEnv,
  at = Date.now(),
): Promise<CheckFacts> {
  // A VM is checked at its address (a VM of a real site; simulated VMs never come here).
  if (given.vmId !== null && !given.vmAddress)
    return failed(at, `${given.target} has no address to check`);
  const spec =
    given.vmId !== null && given.vmAddress ? { ...given, target: given.vmAddress } : given;
  try {
    switch (spec.type) {
      case 'http':
        return await httpCheck(spec, env, at);
      case 'tcp':
        return await tcpCheck(spec, env, at);
      case 'tls':
        return await tlsCheck(spec, env, at);
      case 'dns':
        return await dnsCheck(spec, env, at);
      case 'ping':
        return await pingCheck(spec, env, at);
    }
  } catch (error) {
    return failed(
      at,
      `The check failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
