// Virtual-wire series (vwseries): specification section 7. Its VMs use the compute area's VM path
// base under `/services/vwseries/{serviceid}/vm`.
import { Type, type Static } from 'typebox';
import { DateTime, Nullable, ClosedObject } from './common.ts';

export const BACKUP_RESULTS = ['success', 'warning', 'failure'] as const;

export const VwseriesService = Type.Object(
  {
    serviceid: Type.String(),
    name: Type.String(),
    plan: Type.String(),
    location: Type.String(),
    vm_count: Type.Integer(),
    backup: Type.Object({
      policy: Type.String(),
      last_backup_at: Nullable(DateTime),
      last_result: Nullable(Type.Enum(BACKUP_RESULTS)),
    }),
    refreshed_at: Nullable(DateTime),
    created_at: DateTime,
  },
  { $id: 'VwseriesService' },
);
export type VwseriesService = Static<typeof VwseriesService>;

export const VwseriesBackup = Type.Object(
  {
    serviceid: Type.String(),
    policy: Type.String(),
    retention_days: Type.Integer(),
    last_backup_at: Nullable(DateTime),
    last_result: Nullable(Type.Enum(BACKUP_RESULTS)),
    size_gb: Type.Number(),
    jobs: Type.Array(
      Type.Object({
        vm_id: Type.Integer(),
        display_name: Type.String(),
        last_backup_at: Nullable(DateTime),
        result: Nullable(Type.Enum(BACKUP_RESULTS)),
        size_gb: Type.Number(),
      }),
    ),
  },
  { $id: 'VwseriesBackup' },
);
export type VwseriesBackup = Static<typeof VwseriesBackup>;

const UsedOfLimit = Type.Object({ used: Type.Number(), limit: Type.Number() });
export const VwseriesUsage = Type.Object(
  {
    serviceid: Type.String(),
    vm_count: Type.Integer(),
    powered_on: Type.Integer(),
    vcpus: UsedOfLimit,
    memory_gb: UsedOfLimit,
    disk_gb: UsedOfLimit,
  },
  { $id: 'VwseriesUsage' },
);
export type VwseriesUsage = Static<typeof VwseriesUsage>;

/** `POST /services/vwseries/{id}`. */
export const VwseriesOperationBody = ClosedObject('VwseriesOperationBody', {
  operation: Type.Literal('refresh'),
});
export type VwseriesOperationBody = Static<typeof VwseriesOperationBody>;
