// These design-system components exist in packages/ui but its index does not export them yet.
// They are imported from here only, so switching to '@portal/ui' is a change to this one file.
export { Checkbox } from '../../../../../../packages/ui/src/Checkbox/index.ts';
export { ConfirmDialog } from '../../../../../../packages/ui/src/ConfirmDialog/index.ts';
export { Dialog } from '../../../../../../packages/ui/src/Dialog/index.ts';
export { KeyValue } from '../../../../../../packages/ui/src/KeyValue/index.ts';
export type { KeyValueItem } from '../../../../../../packages/ui/src/KeyValue/index.ts';
export { Menu } from '../../../../../../packages/ui/src/Menu/index.ts';
export { NumberField } from '../../../../../../packages/ui/src/NumberField/index.ts';
export { Select } from '../../../../../../packages/ui/src/Select/index.ts';
export type { SelectOption } from '../../../../../../packages/ui/src/Select/index.ts';
export { Skeleton, SkeletonGroup } from '../../../../../../packages/ui/src/Skeleton/index.ts';
export { StatusChip } from '../../../../../../packages/ui/src/StatusChip/index.ts';
export { Tabs } from '../../../../../../packages/ui/src/Tabs/index.ts';
