export { StatusChip } from './StatusChip.tsx';
export type { StatusChipKind, StatusChipProps } from './StatusChip.tsx';
