// dseries (dedicated servers; the specification shows no detail).
import { Type, type Static } from 'typebox';
import { DateTime, Nullable } from './common.ts';

export const DSERIES_STATUSES = ['running', 'stopped', 'maintenance'] as const;
export const DseriesItem = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    model: Type.String(),
    cpu_cores: Type.Integer(),
    memory_gb: Type.Integer(),
    storage: Type.String(),
    location: Type.String(),
    status: Type.Enum(DSERIES_STATUSES),
    ip: Nullable(Type.String()),
    created_at: DateTime,
  },
  { $id: 'DseriesItem' },
);
export type DseriesItem = Static<typeof DseriesItem>;
