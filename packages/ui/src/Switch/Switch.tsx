import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { mdiCheckBold } from '@mdi/js';
import { Icon } from '@portal/icons';
import { useChoiceControl } from '../internal/useChoiceControl.tsx';
import { StyledThumb, SwitchField, Track } from './Switch.styles.ts';

export interface SwitchProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'value' | 'onChange' | 'defaultChecked' | 'type'
> {
  /** The visible label beside the switch: name the setting, not the state ("Automatic backups"). */
  label: ReactNode;
  /** On or off (controlled). */
  checked?: boolean;
  /** On or off at first (uncontrolled). Defaults to off. */
  defaultChecked?: boolean;
  /** Called with the new state. The change takes effect at once; for changes that need a Save, use a Checkbox. */
  onCheckedChange?: (checked: boolean) => void;
  /** Guidance under the label, read out with the switch. */
  help?: ReactNode;
  /** An error sentence (the change failed): marks the switch `aria-invalid` and is read out with it. */
  error?: string;
  /** Form field name; a hidden native checkbox carries the value in a `<form>`. */
  name?: string;
  /** Form value when on; defaults to "on". */
  value?: string;
  /** Class of the outer wrapper; other attributes go to the switch (a `button` with `role="switch"`). */
  className?: string;
}

/** An on/off setting over Radix Switch (`role="switch"`), toggled by click, Space or Enter. */
export const Switch = forwardRef<HTMLButtonElement, SwitchProps>(function Switch(props, ref) {
  const { checked, setChecked, controlProps, frame } = useChoiceControl<boolean>(
    props,
    SwitchField,
  );
  return frame(
    <Track {...controlProps} ref={ref} checked={checked} onCheckedChange={setChecked}>
      {/* A check on the thumb: the state is not told by colour and position alone. */}
      <StyledThumb>{checked && <Icon path={mdiCheckBold} size={12} />}</StyledThumb>
    </Track>,
  );
});
