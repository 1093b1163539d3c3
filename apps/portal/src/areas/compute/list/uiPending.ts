// Design-system components that packages/ui has but does not export from its index yet (the ui
// branch adds them). Remove this file and import from '@portal/ui' once that lands.
export { StatusChip } from '../../../../../../packages/ui/src/StatusChip/index.ts';
export { ConfirmDialog } from '../../../../../../packages/ui/src/ConfirmDialog/index.ts';
export { Stepper } from '../../../../../../packages/ui/src/Stepper/index.ts';
export type { StepperStep } from '../../../../../../packages/ui/src/Stepper/index.ts';
export { Select } from '../../../../../../packages/ui/src/Select/index.ts';
export type { SelectOption } from '../../../../../../packages/ui/src/Select/index.ts';
export { NumberField } from '../../../../../../packages/ui/src/NumberField/index.ts';
export { Switch } from '../../../../../../packages/ui/src/Switch/index.ts';
export { Skeleton, SkeletonGroup } from '../../../../../../packages/ui/src/Skeleton/index.ts';
export { KeyValue } from '../../../../../../packages/ui/src/KeyValue/index.ts';
export { RadioGroup } from '../../../../../../packages/ui/src/RadioGroup/index.ts';
