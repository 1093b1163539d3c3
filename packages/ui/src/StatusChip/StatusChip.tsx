import type { HTMLAttributes, ReactNode } from 'react';
import {
  mdiAlertCircle,
  mdiCheckCircle,
  mdiClockOutline,
  mdiHelpCircleOutline,
  mdiInformation,
  mdiAlert,
  mdiPauseCircle,
  mdiPlayCircle,
  mdiStopCircle,
  mdiMinusCircle,
} from '@mdi/js';
import { Icon } from '@portal/icons';
import { SpinnerGraphic } from '../internal/SpinnerGraphic.tsx';
import { Root, Text } from './StatusChip.styles.ts';

/** Colour family of a chip. Every kind also has its own icon, so colour is never the only cue. */
export type StatusChipKind = 'success' | 'error' | 'warning' | 'info' | 'neutral';

interface Look {
  kind: StatusChipKind;
  label: string;
  /** An `@mdi/js` path, or `spinner` for work in progress. */
  icon: string;
}

const spinner = 'spinner';

/** Known statuses: power states (vSphere style), task states (upper case), generic kinds. */
const looks: Record<string, Look> = {
  poweredOn: { kind: 'success', label: 'Powered on', icon: mdiPlayCircle },
  running: { kind: 'success', label: 'Running', icon: mdiPlayCircle },
  poweredOff: { kind: 'neutral', label: 'Powered off', icon: mdiStopCircle },
  stopped: { kind: 'neutral', label: 'Stopped', icon: mdiStopCircle },
  suspended: { kind: 'warning', label: 'Suspended', icon: mdiPauseCircle },
  unknown: { kind: 'neutral', label: 'Unknown', icon: mdiHelpCircleOutline },
  PENDING: { kind: 'neutral', label: 'Pending', icon: mdiClockOutline },
  RUNNING: { kind: 'info', label: 'Running', icon: spinner },
  SUCCESS: { kind: 'success', label: 'Succeeded', icon: mdiCheckCircle },
  FAILURE: { kind: 'error', label: 'Failed', icon: mdiAlertCircle },
  success: { kind: 'success', label: 'Success', icon: mdiCheckCircle },
  error: { kind: 'error', label: 'Error', icon: mdiAlertCircle },
  warning: { kind: 'warning', label: 'Warning', icon: mdiAlert },
  info: { kind: 'info', label: 'Information', icon: mdiInformation },
  neutral: { kind: 'neutral', label: 'Neutral', icon: mdiMinusCircle },
};

const byLowerCase = new Map(Object.entries(looks).map(([key, look]) => [key.toLowerCase(), look]));

/**
 * How a status looks: an exact match first (so `running` the power state and `RUNNING` the task
 * state differ), then a case-insensitive one, else a neutral chip showing the raw status.
 */
function statusLook(status: string): Look {
  return (
    looks[status] ??
    byLowerCase.get(status.toLowerCase()) ?? {
      kind: 'neutral',
      label: status,
      icon: mdiHelpCircleOutline,
    }
  );
}

export interface StatusChipProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /**
   * The status. Known: power states `poweredOn`, `running` (green), `poweredOff`, `stopped`
   * (grey), `suspended` (amber), `unknown`; task states `PENDING`, `RUNNING` (with a spinner),
   * `SUCCESS`, `FAILURE`; generic `success`, `error`, `warning`, `info`, `neutral`. Any other
   * string shows as a neutral chip with that text.
   */
  status: string;
  /** Text instead of the status's default label ("Powered on", "Failed", …). */
  label?: ReactNode;
  /** `small` (24 px, default) for tables, `medium` (28 px) for headers. */
  size?: 'small' | 'medium';
}

/** A status as colour, icon and text together; colours meet AA in both themes. */
export function StatusChip({ status, label, size = 'small', ...rest }: StatusChipProps) {
  const look = statusLook(status);
  const iconSize = size === 'small' ? 14 : 16;
  return (
    <Root {...rest} data-kind={look.kind} data-size={size} data-status={status}>
      {look.icon === spinner ? (
        <SpinnerGraphic size={iconSize} />
      ) : (
        <Icon path={look.icon} size={iconSize} />
      )}
      <Text>{label ?? look.label}</Text>
    </Root>
  );
}
