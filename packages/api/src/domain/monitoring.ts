// The monitoring area's business rules for the server and the portal: what a monitor's settings
// must hold together, when a maintenance window is open, and how an SLA is figured. Plain values
// and functions (no schema library).
import type { MaintenanceKind, MonitorType, TargetKind } from '../contract/monitoring-values.ts';

/** A refusal naming the field at fault. */
export interface FieldRefusal {
  field: string;
  message: string;
}

export interface MonitorSettingsInput {
  type: MonitorType;
  target_kind: TargetKind;
  vm_id?: number | null;
  target?: string | null;
  port?: number | null;
  expected_status?: number | null;
  tls_days_threshold?: number | null;
  interval_seconds: number;
  timeout_seconds: number;
  contacts: readonly { kind: 'email' | 'webhook'; address: string }[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOST =
  /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

function httpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Why a host name or IP address is refused, or null. */
export function addressRefusal(address: string): string | null {
  if (!address.trim()) return 'Enter a host name or IP address.';
  return IPV4.test(address) || HOST.test(address)
    ? null
    : 'Enter a host name (such as shop.example.com) or an IPv4 address.';
}

/** The host a monitor's target names: a URL's host, or the address itself. */
export function targetHost(target: string): string {
  return httpUrl(target)?.hostname ?? target;
}

/**
 * Why a monitor's settings do not hold together, naming the field, or null: the target suits the
 * type (HTTP(S) needs a URL, a TCP check a port), the timeout is shorter than the interval, the
 * contacts are e-mail addresses or webhook URLs.
 */
export function monitorSettingsRefusal(input: MonitorSettingsInput): FieldRefusal | null {
  const target = input.target?.trim() ?? '';
  if (input.target_kind === 'vm') {
    if (input.vm_id == null) return { field: 'vm_id', message: 'Choose the VM to watch.' };
    if (input.type === 'http')
      return { field: 'target_kind', message: 'An HTTP(S) check needs a URL, not a VM.' };
  } else if (input.target_kind === 'url') {
    if (!httpUrl(target))
      return { field: 'target', message: 'Enter a URL starting with http:// or https://.' };
  } else {
    const refusal = addressRefusal(target);
    if (refusal) return { field: 'target', message: refusal };
    if (input.type === 'http')
      return { field: 'target_kind', message: 'An HTTP(S) check needs a URL, not an address.' };
  }
  if (input.type === 'tcp' && input.port == null)
    return { field: 'port', message: 'Enter the TCP port to check.' };
  if (input.type === 'tls' && input.tls_days_threshold == null)
    return { field: 'tls_days_threshold', message: 'Enter how many days before expiry to warn.' };
  if (input.timeout_seconds >= input.interval_seconds)
    return { field: 'timeout_seconds', message: 'The timeout must be shorter than the interval.' };
  for (const contact of input.contacts) {
    const ok =
      contact.kind === 'email' ? EMAIL.test(contact.address) : httpUrl(contact.address) !== null;
    if (!ok)
      return {
        field: 'contacts',
        message:
          contact.kind === 'email'
            ? `${contact.address} is not an e-mail address.`
            : `${contact.address} is not a webhook URL (http:// or https://).`,
      };
  }
  return null;
}

export interface MaintenanceInput {
  kind: MaintenanceKind;
  starts_at?: string | null;
  ends_at?: string | null;
  days?: readonly number[];
  start_time?: string | null;
  duration_minutes?: number | null;
}

/** Why a maintenance window is refused, naming the field, or null. */
export function maintenanceRefusal(input: MaintenanceInput): FieldRefusal | null {
  if (input.kind === 'once') {
    if (!input.starts_at) return { field: 'starts_at', message: 'Enter when the window starts.' };
    if (!input.ends_at) return { field: 'ends_at', message: 'Enter when the window ends.' };
    if (Date.parse(input.ends_at) <= Date.parse(input.starts_at))
      return { field: 'ends_at', message: 'The window must end after it starts.' };
    return null;
  }
  if (!input.days || input.days.length === 0)
    return { field: 'days', message: 'Choose at least one day of the week.' };
  if (!input.start_time) return { field: 'start_time', message: 'Enter the start time (HH:MM).' };
  if (!input.duration_minutes)
    return { field: 'duration_minutes', message: 'Enter how many minutes the window lasts.' };
  return null;
}

/** A time span in epoch milliseconds, start included, end excluded. */
export type Span = readonly [number, number];

const DAY_MS = 86_400_000;

/** The spans a window is open within [from, to), clipped to it. */
export function maintenanceSpans(window: MaintenanceInput, from: number, to: number): Span[] {
  const spans: Span[] = [];
  const clip = (start: number, end: number) => {
    const a = Math.max(start, from);
    const b = Math.min(end, to);
    if (b > a) spans.push([a, b]);
  };
  if (window.kind === 'once') {
    if (window.starts_at && window.ends_at)
      clip(Date.parse(window.starts_at), Date.parse(window.ends_at));
    return spans;
  }
  const [hours, minutes] = (window.start_time ?? '00:00').split(':').map(Number);
  const offset = ((hours ?? 0) * 60 + (minutes ?? 0)) * 60_000;
  const length = (window.duration_minutes ?? 0) * 60_000;
  const days = new Set(window.days ?? []);
  // A window that starts the day before may still be open at `from`.
  for (let day = Math.floor(from / DAY_MS) * DAY_MS - DAY_MS; day < to; day += DAY_MS) {
    if (days.has(new Date(day).getUTCDay())) clip(day + offset, day + offset + length);
  }
  return spans;
}

/** Sorted, overlapping spans joined. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

const total = (spans: readonly Span[]) => spans.reduce((sum, [a, b]) => sum + (b - a), 0);

/** `spans` without the parts covered by `minus` (both merged). */
export function subtractSpans(spans: readonly Span[], minus: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const [start, end] of mergeSpans(spans)) {
    let cursor = start;
    for (const [a, b] of minus) {
      if (b <= cursor || a >= end) continue;
      if (a > cursor) out.push([cursor, a]);
      cursor = Math.max(cursor, b);
    }
    if (cursor < end) out.push([cursor, end]);
  }
  return out;
}

export interface SlaFigures {
  /** In %, two decimals; null when nothing was observed (no checks in the period): "no data". */
  availability: number | null;
  incidents: number;
  downtime_minutes: number;
  maintenance_minutes: number;
  /** Minutes the monitor existed in the period without checks (before the first, while paused). */
  no_data_minutes: number;
  /** Minutes observed outside maintenance (the denominator). */
  observed_minutes: number;
}

const minutes = (ms: number) => Math.round((ms / 60_000) * 10) / 10;

/** `spans` clipped to [from, to), merged. */
export function clipSpans(spans: readonly Span[], from: number, to: number): Span[] {
  return mergeSpans(
    spans.flatMap(([a, b]): Span[] => {
      const start = Math.max(a, from);
      const end = Math.min(b, to);
      return end > start ? [[start, end]] : [];
    }),
  );
}

/**
 * The time a run of checks speaks for: each check answers for the interval before it (the first
 * one back to the monitor's start at most), so checks an interval apart make one span.
 */
export function checkedSpan(first: number, last: number, intervalMs: number, since: number): Span {
  return [Math.max(first - intervalMs, since), last];
}

/** `spans` with `span` added, touching spans joined; spans that ended before `keepSince` dropped. */
export function addSpan(spans: readonly Span[], span: Span, keepSince: number): Span[] {
  return mergeSpans([...spans, span]).filter(([, end]) => end >= keepSince);
}

/**
 * A monitor's SLA over [from, to): only the time its checks cover (`checked`) counts; the rest of
 * its life in the period (before the first check, while paused) is "no data", never up. Downtime
 * is its incidents' time within the checked time outside maintenance windows; availability is the
 * rest of the checked time outside maintenance, in %, or null when none was checked. An incident
 * counts when any of it lies there.
 */
export function slaFigures(input: {
  from: number;
  to: number;
  now: number;
  createdAt: number;
  checked: readonly Span[];
  incidents: readonly { started_at: string; ended_at: string | null }[];
  windows: readonly MaintenanceInput[];
}): SlaFigures {
  const start = Math.max(input.from, input.createdAt);
  const end = Math.min(input.to, input.now);
  if (end <= start)
    return {
      availability: null,
      incidents: 0,
      downtime_minutes: 0,
      maintenance_minutes: 0,
      no_data_minutes: 0,
      observed_minutes: 0,
    };
  const maintenance = mergeSpans(input.windows.flatMap((w) => maintenanceSpans(w, start, end)));
  const checked = clipSpans(input.checked, start, end);
  const measured = subtractSpans(checked, maintenance);
  let count = 0;
  const down: Span[] = [];
  for (const incident of input.incidents) {
    const a = Date.parse(incident.started_at);
    const b = incident.ended_at ? Date.parse(incident.ended_at) : end;
    const inside = clipSpans(measured, a, b);
    if (inside.length === 0) continue;
    count += 1;
    down.push(...inside);
  }
  const observed = total(measured);
  const downtime = total(mergeSpans(down));
  const noData = total(subtractSpans(subtractSpans([[start, end]], checked), maintenance));
  return {
    availability:
      observed <= 0
        ? null
        : Math.max(0, Math.round(((observed - downtime) / observed) * 10_000) / 100),
    incidents: count,
    downtime_minutes: minutes(downtime),
    maintenance_minutes: minutes(total(maintenance)),
    no_data_minutes: minutes(noData),
    observed_minutes: minutes(observed),
  };
}

/** Several monitors' figures together: availability weighted by observed time. */
export function combineSla(rows: readonly SlaFigures[]): Omit<SlaFigures, 'observed_minutes'> {
  const observed = rows.reduce((sum, row) => sum + row.observed_minutes, 0);
  const down = rows.reduce((sum, row) => sum + row.downtime_minutes, 0);
  return {
    availability:
      observed <= 0 ? null : Math.max(0, Math.round(((observed - down) / observed) * 10_000) / 100),
    incidents: rows.reduce((sum, row) => sum + row.incidents, 0),
    downtime_minutes: Math.round(down * 10) / 10,
    maintenance_minutes:
      Math.round(rows.reduce((sum, row) => sum + row.maintenance_minutes, 0) * 10) / 10,
    no_data_minutes: Math.round(rows.reduce((sum, row) => sum + row.no_data_minutes, 0) * 10) / 10,
  };
}
