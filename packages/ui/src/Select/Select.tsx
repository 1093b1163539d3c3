import { forwardRef, useId, useState, type ReactNode } from 'react';
import * as RadixSelect from '@radix-ui/react-select';
import { mdiCheck, mdiChevronDown, mdiChevronUp } from '@mdi/js';
import { Icon } from '@portal/icons';
import { useInertOutside } from '../internal/useInertOutside.ts';
import { Label, Root } from '../internal/field.styles.ts';
import { LabelText, useValueField } from '../internal/FieldMessages.tsx';
import {
  InlineLabel,
  InlineRoot,
  ItemDescription,
  ScrollDown,
  ScrollUp,
  StyledContent,
  StyledIndicator,
  StyledItem,
  StyledTrigger,
  StyledViewport,
} from './Select.styles.ts';

export interface SelectOption {
  /** The value reported by `onValueChange` and sent with a form. Not empty. */
  value: string;
  /** The text shown in the list and, once chosen, in the field; also used by typeahead. */
  label: string;
  /** A second line in the list (not in the field), read as the option's description. */
  description?: ReactNode;
  /** Shown but not selectable. */
  disabled?: boolean;
}

export interface SelectProps {
  /** The visible label, tied to the field. */
  label: ReactNode;
  /**
   * Keep the label for assistive technology only, where the place says what the field is (the app
   * bar's tenant switcher, whose value names the tenant).
   */
  hideLabel?: boolean;
  /**
   * A filter in a table's toolbar: the label beside a compact field, as the table's own column
   * filters are drawn, not above it. For a filter: no help or error beneath.
   */
  inline?: boolean;
  /** The choices, in order. */
  options: SelectOption[];
  /** The chosen value (controlled); `''` for none. */
  value?: string;
  /** The value chosen at first (uncontrolled); defaults to none. */
  defaultValue?: string;
  /** Called with the newly chosen value. */
  onValueChange?: (value: string) => void;
  /** Text in the field while nothing is chosen ("Choose a region"). */
  placeholder?: string;
  /** Guidance under the field, read out with it. */
  help?: ReactNode;
  /** An error sentence: marks the field `aria-invalid` and is read out with it. */
  error?: string;
  /** A visual asterisk and `aria-required`; the form value is required. */
  required?: boolean;
  /** Not focusable or changeable. */
  disabled?: boolean;
  /** Form field name: a hidden native select carries the value in a `<form>`. */
  name?: string;
  /** Id of the field (the trigger button); generated when absent. */
  id?: string;
  /** Extra ids for `aria-describedby`. */
  'aria-describedby'?: string;
  /** Class of the outer wrapper. */
  className?: string;
}

/**
 * A single choice from a list, over Radix Select: a labelled `combobox` button opening a
 * listbox. Arrow keys, Home/End and typeahead (also while closed); the list stays on screen.
 * Shares label, help and error wiring and look with `TextField`. The ref is the trigger button.
 */
export const Select = forwardRef<HTMLButtonElement, SelectProps>(function Select(
  {
    label,
    hideLabel,
    inline = false,
    options,
    placeholder,
    required,
    disabled,
    name,
    className,
    ...field
  },
  ref,
) {
  const { value, setValue, controlId, controlAria, messages } = useValueField(field);
  const descriptionBase = useId();
  // The open listbox: the page behind it is inert as well as hidden (see useInertOutside).
  const [listbox, setListbox] = useState<HTMLDivElement | null>(null);
  const [open, setOpen] = useState(false);
  useInertOutside(open ? listbox : null);
  const FieldRoot = inline ? InlineRoot : Root;
  const FieldLabel = inline ? InlineLabel : Label;
  return (
    <FieldRoot className={className}>
      <FieldLabel htmlFor={controlId} $hidden={hideLabel}>
        <LabelText label={label} required={required} />
      </FieldLabel>
      <RadixSelect.Root
        value={value}
        onValueChange={setValue}
        onOpenChange={setOpen}
        name={name}
        required={required}
        disabled={disabled}
      >
        <StyledTrigger
          ref={ref}
          {...controlAria}
          aria-required={required || undefined}
          $compact={inline}
        >
          <RadixSelect.Value placeholder={placeholder} />
          <RadixSelect.Icon>
            <Icon path={mdiChevronDown} size={20} />
          </RadixSelect.Icon>
        </StyledTrigger>
        <RadixSelect.Portal>
          <StyledContent ref={setListbox} position="popper" sideOffset={4} collisionPadding={8}>
            <ScrollUp>
              <Icon path={mdiChevronUp} size={20} />
            </ScrollUp>
            <StyledViewport>
              {options.map((option, index) => {
                const descriptionId = `${descriptionBase}-${index}`;
                return (
                  <StyledItem
                    key={option.value}
                    value={option.value}
                    disabled={option.disabled}
                    aria-describedby={option.description ? descriptionId : undefined}
                  >
                    <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                    {option.description && (
                      <ItemDescription id={descriptionId}>{option.description}</ItemDescription>
                    )}
                    <StyledIndicator>
                      <Icon path={mdiCheck} size={18} />
                    </StyledIndicator>
                  </StyledItem>
                );
              })}
            </StyledViewport>
            <ScrollDown>
              <Icon path={mdiChevronDown} size={20} />
            </ScrollDown>
          </StyledContent>
        </RadixSelect.Portal>
      </RadixSelect.Root>
      {messages}
    </FieldRoot>
  );
});
