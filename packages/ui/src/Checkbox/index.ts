export { Checkbox } from './Checkbox.tsx';
export type { CheckboxProps, CheckedState } from './Checkbox.tsx';
