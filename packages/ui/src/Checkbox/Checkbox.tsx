import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { mdiCheckBold, mdiMinusThick } from '@mdi/js';
import { Icon } from '@portal/icons';
import { useChoiceControl } from '../internal/useChoiceControl.tsx';
import { Box, StyledIndicator } from './Checkbox.styles.ts';

/** Checked, unchecked, or `indeterminate` (some of a group's items are checked). */
export type CheckedState = boolean | 'indeterminate';

export interface CheckboxProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'value' | 'onChange' | 'defaultChecked' | 'type'
> {
  /** The visible label beside the box; clicking it toggles the box. */
  label: ReactNode;
  /** The state (controlled). */
  checked?: CheckedState;
  /** The state at first (uncontrolled). Defaults to false. */
  defaultChecked?: CheckedState;
  /** Called with the new state; a click on an indeterminate box makes it `true`. */
  onCheckedChange?: (checked: CheckedState) => void;
  /** Guidance under the label, read out with the box. */
  help?: ReactNode;
  /** An error sentence: marks the box `aria-invalid` and is read out with it. */
  error?: string;
  /** A visual asterisk and `aria-required`. */
  required?: boolean;
  /** Form field name; a hidden native checkbox carries the value in a `<form>`. */
  name?: string;
  /** Form value when checked; defaults to "on". */
  value?: string;
  /** Class of the outer wrapper; other attributes go to the box (a `button` with `role="checkbox"`). */
  className?: string;
}

/**
 * A checkbox over Radix Checkbox, with `indeterminate` (`aria-checked="mixed"`), label, help and
 * error. Space toggles it. The ref is the box.
 */
export const Checkbox = forwardRef<HTMLButtonElement, CheckboxProps>(function Checkbox(props, ref) {
  const { checked, setChecked, controlProps, frame } = useChoiceControl<CheckedState>(props);
  return frame(
    <Box {...controlProps} ref={ref} checked={checked} onCheckedChange={setChecked}>
      <StyledIndicator>
        <Icon path={checked === 'indeterminate' ? mdiMinusThick : mdiCheckBold} size={14} />
      </StyledIndicator>
    </Box>,
  );
});
