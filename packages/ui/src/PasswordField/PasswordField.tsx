import { forwardRef } from 'react';
import { mdiEye, mdiEyeOff } from '@mdi/js';
import { IconButton } from '../IconButton/IconButton.tsx';
import { useControllableState } from '../internal/useControllableState.ts';
import { InputField, type TextFieldProps } from '../internal/InputField.tsx';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type'> {
  /** Whether the password is shown as text (controlled). */
  visible?: boolean;
  /** Whether the password starts shown (uncontrolled). Defaults to false. */
  defaultVisible?: boolean;
  /** Called when the show/hide toggle is pressed. */
  onVisibleChange?: (visible: boolean) => void;
  /** Accessible name of the toggle; defaults to "Show password" (its `aria-pressed` says whether it is). */
  toggleLabel?: string;
}

/** A `TextField` for passwords with a show/hide toggle button. The ref is the `<input>`. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(
  function PasswordField(
    {
      visible: visibleProp,
      defaultVisible = false,
      onVisibleChange,
      toggleLabel = 'Show password',
      disabled,
      ...rest
    },
    ref,
  ) {
    const [visible, setVisible] = useControllableState({
      value: visibleProp,
      defaultValue: defaultVisible,
      onChange: onVisibleChange,
    });
    return (
      <InputField
        {...rest}
        ref={ref}
        disabled={disabled}
        type={visible ? 'text' : 'password'}
        trailing={(inputId) => (
          <IconButton
            size="small"
            icon={visible ? mdiEyeOff : mdiEye}
            aria-label={toggleLabel}
            aria-pressed={visible}
            aria-controls={inputId}
            title={toggleLabel}
            disabled={disabled}
            onClick={() => setVisible(!visible)}
          />
        )}
      />
    );
  },
);
