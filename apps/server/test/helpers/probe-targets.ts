// Real servers on loopback for the prober's tests: HTTP with a switchable answer, a TLS server
// with a certificate made in the test (openssl) that expires soon, and a DNS server over UDP.
import { execFileSync } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';

export interface HttpTarget {
  url: string;
  port: number;
  /** Requests received, by path, with the time each arrived. */
  hits: Map<string, number[]>;
  /** What the next requests are answered. */
  answer: { status: number; body: string; delayMs: number };
  /** Paths answered with a redirect: the path → [status, Location]. */
  redirects: Map<string, [number, string]>;
  close(): Promise<void>;
}

export async function startHttpTarget(): Promise<HttpTarget> {
  const hits = new Map<string, number[]>();
  const answer = { status: 200, body: 'Welcome. All systems operational.', delayMs: 0 };
  /** Paths answered with a redirect: the path → [status, Location]. */
  const redirects = new Map<string, [number, string]>();
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.set(path, [...(hits.get(path) ?? []), Date.now()]);
    const redirect = redirects.get(path);
    if (redirect) {
      response.writeHead(redirect[0], { location: redirect[1] });
      response.end();
      return;
    }
    setTimeout(() => {
      response.writeHead(answer.status, { 'content-type': 'text/html' });
      response.end(answer.body);
    }, answer.delayMs);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    answer,
    redirects,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface TlsTarget {
  port: number;
  /** The certificate (PEM), also its own authority. */
  cert: string;
  certFile: string;
  close(): Promise<void>;
}

/** A TLS server for 127.0.0.1 whose self-signed certificate is valid for `days` more days. */
export async function startTlsTarget(days: number): Promise<TlsTarget> {
  const dir = mkdtempSync(join(tmpdir(), 'probe-tls-'));
  const key = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      certFile,
      '-days',
      String(days),
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(certFile, 'utf8');
  const server: TlsServer = createTlsServer({ key: readFileSync(key), cert }, (socket) =>
    socket.end(),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cert,
    certFile,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}

export interface DnsTarget {
  /** `127.0.0.1:port`, for MONITORING_DNS_SERVER. */
  server: string;
  queries: number;
  close(): Promise<void>;
}

const TYPES = { A: 1, MX: 15, TXT: 16 } as const;

/** The labels of a name, as DNS writes them. */
const encodeName = (name: string) =>
  Buffer.concat([
    ...name
      .split('.')
      .map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])),
    Buffer.from([0]),
  ]);

/**
 * A DNS server over UDP answering from `records` (name → A addresses, MX, TXT); other names
 * answer NXDOMAIN.
 */
export async function startDnsTarget(
  records: Record<string, { A?: string[]; MX?: [number, string][]; TXT?: string[] }>,
): Promise<DnsTarget> {
  const socket: Socket = createSocket('udp4');
  const target = { server: '', queries: 0 } as DnsTarget;
  socket.on('message', (query, peer) => {
    target.queries += 1;
    let offset = 12;
    const labels: string[] = [];
    while (query[offset] !== 0 && offset < query.length) {
      const length = query[offset] ?? 0;
      labels.push(query.subarray(offset + 1, offset + 1 + length).toString());
      offset += length + 1;
    }
    const question = query.subarray(12, offset + 5);
    const type = query.readUInt16BE(offset + 1);
    const name = labels.join('.').toLowerCase();
    const known = records[name];
    const answers: Buffer[] = [];
    const answer = (rtype: number, data: Buffer) => {
      const head = Buffer.alloc(12);
      head.writeUInt16BE(0xc00c, 0);
      head.writeUInt16BE(rtype, 2);
      head.writeUInt16BE(1, 4);
      head.writeUInt32BE(60, 6);
      head.writeUInt16BE(data.length, 10);
      answers.push(Buffer.concat([head, data]));
    };
    if (known && type === TYPES.A)
      for (const address of known.A ?? []) answer(1, Buffer.from(address.split('.').map(Number)));
    if (known && type === TYPES.MX)
      for (const [preference, exchange] of known.MX ?? []) {
        const pref = Buffer.alloc(2);
        pref.writeUInt16BE(preference, 0);
        answer(15, Buffer.concat([pref, encodeName(exchange)]));
      }
    if (known && type === TYPES.TXT)
      for (const text of known.TXT ?? [])
        answer(16, Buffer.concat([Buffer.from([text.length]), Buffer.from(text)]));
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(known ? 0x8180 : 0x8183, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, question, ...answers]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  target.server = `127.0.0.1:${socket.address().port}`;
  target.close = () => new Promise<void>((resolve) => socket.close(() => resolve()));
  return target;
}
