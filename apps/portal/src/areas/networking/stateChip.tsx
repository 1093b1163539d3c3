// The state chip of a network, gateway or address, as the networking tables show it.
import { StatusChip } from '@portal/ui';
import { lookOf } from './state.ts';

export const stateChip = (state: string) => (
  <StatusChip status={lookOf(state).chip} label={lookOf(state).label} />
);
