import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MaintenanceWindowBody, type MaintenanceKind } from '@portal/api/contract';
import { maintenanceRefusal } from '@portal/api/domain';
import {
  FormNumberField,
  FormRadioGroup,
  FormSelect,
  FormTextField,
  FormDialog,
  useContractForm,
} from '../../kit/form/index.ts';
import { notify } from '../../services.ts';
import { monitoringClient, monitoringKeys } from './queries.ts';

/** The dialog's values: local date-times, and a choice of days for a weekly window. */
export interface MaintenanceForm {
  name: string;
  kind: MaintenanceKind;
  starts_at: string;
  ends_at: string;
  days: string;
  start_time: string;
  duration_minutes: number | null;
}

const DAY_CHOICES: Record<string, number[]> = {
  daily: [0, 1, 2, 3, 4, 5, 6],
  weekdays: [1, 2, 3, 4, 5],
  weekend: [0, 6],
  '0': [0],
  '1': [1],
  '2': [2],
  '3': [3],
  '4': [4],
  '5': [5],
  '6': [6],
};
const DAY_OPTIONS = [
  { value: 'daily', label: 'Every day' },
  { value: 'weekdays', label: 'Monday to Friday' },
  { value: 'weekend', label: 'Saturday and Sunday' },
  ...['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map(
    (label, index) => ({ value: String(index), label: `Every ${label}` }),
  ),
];

/** `YYYY-MM-DDTHH:MM` in local time, as a datetime-local field holds it. */
const localInput = (ms: number) => {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

const isoOf = (local: string) => {
  const ms = Date.parse(local);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

export function maintenanceBody(values: MaintenanceForm): MaintenanceWindowBody {
  if (values.kind === 'once')
    return {
      name: values.name.trim(),
      kind: 'once',
      starts_at: isoOf(values.starts_at),
      ends_at: isoOf(values.ends_at),
    };
  return {
    name: values.name.trim(),
    kind: 'weekly',
    days: DAY_CHOICES[values.days] ?? [],
    start_time: values.start_time || null,
    duration_minutes: values.duration_minutes,
  };
}

/** Adds a maintenance window (one-off, or repeating weekly) to a monitor. */
export function MaintenanceDialog({
  monitorId,
  onClose,
}: {
  monitorId: number;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const [now] = useState(() => Date.now());
  const form = useContractForm<MaintenanceForm>(MaintenanceWindowBody, {
    defaultValues: {
      name: '',
      kind: 'once',
      starts_at: localInput(now),
      ends_at: localInput(now + 2 * 3_600_000),
      days: 'weekend',
      start_time: '02:00',
      duration_minutes: 120,
    },
    toBody: maintenanceBody,
    refine: (values) => {
      const refusal = maintenanceRefusal(maintenanceBody(values));
      return refusal ? { [refusal.field]: refusal.message } : {};
    },
    labels: { starts_at: 'start', ends_at: 'end', duration_minutes: 'duration' },
  });
  const kind = form.watch('kind');
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title="Add a maintenance window"
      description="Checks during a window do not count as down: no incident opens and the SLA leaves the time out."
      submitLabel="Add window"
      onSubmit={async (values) => {
        await monitoringClient().addMaintenance(monitorId, maintenanceBody(values));
        await client.invalidateQueries({ queryKey: monitoringKeys.monitor(monitorId) });
        await client.invalidateQueries({ queryKey: [...monitoringKeys.all, 'sla'] });
        notify('The maintenance window was added.', 'success');
      }}
    >
      <FormTextField<MaintenanceForm> name="name" label="Name" required autoFocus />
      <FormRadioGroup<MaintenanceForm>
        name="kind"
        label="Repeats"
        options={[
          { value: 'once', label: 'Once' },
          { value: 'weekly', label: 'Every week' },
        ]}
      />
      {kind === 'once' ? (
        <>
          <FormTextField<MaintenanceForm> name="starts_at" label="Starts" type="datetime-local" />
          <FormTextField<MaintenanceForm> name="ends_at" label="Ends" type="datetime-local" />
        </>
      ) : (
        <>
          <FormSelect<MaintenanceForm> name="days" label="Days" options={DAY_OPTIONS} />
          <FormTextField<MaintenanceForm>
            name="start_time"
            label="Starts at (UTC)"
            type="time"
            help="HH:MM, 24 hours"
          />
          <FormNumberField<MaintenanceForm>
            name="duration_minutes"
            label="Duration (minutes)"
            min={1}
            max={1440}
          />
        </>
      )}
    </FormDialog>
  );
}
