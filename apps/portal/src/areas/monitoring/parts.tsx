// Small pieces the monitoring pages share: the state chip and how figures read.
import { StatusChip } from '@portal/ui';
import type { DeliveryStatus, MonitorState } from '@portal/api/contract';

const STATE_LOOK: Record<MonitorState, { status: string; label: string }> = {
  up: { status: 'success', label: 'Up' },
  down: { status: 'error', label: 'Down' },
  degraded: { status: 'warning', label: 'Degraded' },
  paused: { status: 'neutral', label: 'Paused' },
  pending: { status: 'PENDING', label: 'Pending' },
};

export const stateLabel = (state: MonitorState) => STATE_LOOK[state].label;

/** A monitor's state as a chip: Up, Down, Degraded, Paused, Pending. */
export function MonitorStateChip({ state }: { state: MonitorState }) {
  const look = STATE_LOOK[state];
  return <StatusChip status={look.status} label={look.label} />;
}

/** `99.95 %`, or a dash before the first check. */
/** Availability in %, or "No data" when nothing was checked (never shown as up). */
export const percentText = (value: number | null) =>
  value === null ? 'No data' : `${value.toFixed(value === 100 ? 0 : 2)} %`;

export const msText = (value: number) => `${value} ms`;

/** A monitor as a task resource: busy while its delete task runs. */
export const monitorResource = (id: number) => `monitor:${id}`;

const DELIVERY_LOOK: Record<DeliveryStatus, { status: string; label: string }> = {
  sent: { status: 'success', label: 'Sent' },
  failed: { status: 'error', label: 'Failed' },
  pending: { status: 'PENDING', label: 'Sending' },
  simulated: { status: 'neutral', label: 'Simulated, not sent' },
};

/** An alert delivery's outcome as a chip: Sent, Failed, Sending, Simulated. */
export function DeliveryStatusChip({ status }: { status: DeliveryStatus }) {
  const look = DELIVERY_LOOK[status];
  return <StatusChip status={look.status} label={look.label} />;
}
