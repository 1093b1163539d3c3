// One simulated check: a pure function of the probe, the time and what the network looks like
// then (the VM's power, the certificate's expiry). Deterministic, so a restart changes nothing.
import { targetHost } from '@portal/api/domain';
import type { CheckFacts, ProbeSpec } from '../../driver.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A 32-bit hash of two integers (deterministic noise). */
export function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul((b + 0x7f4a7c15) | 0, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x45d9f3b);
  h ^= h >>> 13;
  return h >>> 0;
}

/** When a probe's certificate expires: some weeks after the probe starts, a little past its threshold. */
export function certificateExpiry(
  monitorId: number,
  thresholdDays: number | null,
  startedAt: number,
): number {
  const days = (thresholdDays ?? 14) + 3 + (mix(monitorId, 7) % 40);
  return startedAt + days * DAY_MS;
}

const BASE_MS: Record<ProbeSpec['type'], number> = {
  ping: 12,
  tcp: 18,
  dns: 24,
  http: 180,
  tls: 140,
};

const OUTAGE: Record<ProbeSpec['type'], string> = {
  http: 'HTTP 503 Service Unavailable',
  tcp: 'Connection refused',
  ping: 'Destination host unreachable',
  dns: 'The DNS server answered SERVFAIL',
  tls: 'The TLS handshake failed',
};

/** A short outage about once in five days: [start, end) of the one in this hour, if any. */
function outageIn(monitorId: number, at: number): boolean {
  const hour = Math.floor(at / HOUR_MS);
  const h = mix(monitorId, hour);
  if (h % 120 !== 0) return false;
  const start = hour * HOUR_MS + ((h >>> 8) % 45) * 60_000;
  const end = start + (2 + ((h >>> 16) % 9)) * 60_000;
  return at >= start && at < end;
}

const address = (monitorId: number) => `203.0.113.${(mix(monitorId, 3) % 200) + 20}`;

export function checkAt(
  monitorId: number,
  spec: ProbeSpec,
  at: number,
  world: { vmOn: boolean; certificateExpiresAt: number | null },
): CheckFacts {
  const host = targetHost(spec.target);
  const failed = (message: string): CheckFacts => ({
    at,
    ok: false,
    warning: false,
    responseMs: null,
    message,
  });
  if (!world.vmOn && spec.type !== 'dns') {
    if (spec.type === 'ping') return failed(`Request timed out: no reply from ${host}`);
    if (spec.type === 'tcp') return failed(`Connection to ${host}:${spec.port ?? 0} timed out`);
    return failed(`Connection to ${host} timed out`);
  }
  if (outageIn(monitorId, at)) return failed(OUTAGE[spec.type]);

  // Response time: the type's base, busier in the (UTC) afternoon, noise, and a rare spike.
  const noise = mix(monitorId, Math.floor(at / 1000));
  const hourOfDay = (at % DAY_MS) / HOUR_MS;
  const diurnal = 1 + 0.35 * Math.sin(((hourOfDay - 9) / 24) * 2 * Math.PI);
  const jitter = 0.75 + (noise % 1000) / 2000;
  const spike = noise % 61 === 0 ? 4 : 1;
  const responseMs = Math.max(1, Math.round(BASE_MS[spec.type] * diurnal * jitter * spike));
  const timeoutMs = spec.timeoutSeconds * 1000;
  if (responseMs > timeoutMs) return failed(`Timed out after ${spec.timeoutSeconds} s`);
  const slow = responseMs > timeoutMs / 2;
  const passed = (message: string, warning = slow): CheckFacts => ({
    at,
    ok: true,
    warning,
    responseMs,
    message: slow ? `${message} (slow: ${responseMs} ms)` : message,
  });

  switch (spec.type) {
    case 'http': {
      const expected = spec.expectedStatus ?? 200;
      if (expected !== 200) return failed(`Expected HTTP ${expected}, got 200 OK`);
      const body = `Welcome to ${host}. All systems operational.`;
      if (spec.keyword && !body.toLowerCase().includes(spec.keyword.toLowerCase()))
        return failed(`HTTP 200 OK, but the page does not contain "${spec.keyword}"`);
      return passed('HTTP 200 OK');
    }
    case 'tcp':
      return passed(`Port ${spec.port ?? 0} open`);
    case 'ping':
      return passed(`Reply from ${host}`);
    case 'dns': {
      const type = spec.dnsRecordType ?? 'A';
      const answer =
        type === 'A'
          ? address(monitorId)
          : type === 'AAAA'
            ? `2001:db8::${(mix(monitorId, 5) % 4000).toString(16)}`
            : type === 'MX'
              ? `10 mail.${host}`
              : type === 'TXT'
                ? '"v=spf1 -all"'
                : `ns1.${host}`;
      return passed(`${type} ${answer}`);
    }
    case 'tls': {
      const expires = world.certificateExpiresAt ?? at + 90 * DAY_MS;
      const days = Math.floor((expires - at) / DAY_MS);
      const date = new Date(expires).toISOString().slice(0, 10);
      if (expires <= at) return failed(`The certificate expired on ${date}`);
      if (days < (spec.tlsDaysThreshold ?? 14))
        return passed(`The certificate expires in ${days} days (${date})`, true);
      return passed(`Certificate valid for ${days} days (until ${date})`);
    }
  }
}
