import { forwardRef, useId, type HTMLAttributes, type ReactNode } from 'react';
import * as RadixRadio from '@radix-ui/react-radio-group';
import { ChoiceLabel, ChoiceRow, ChoiceText } from '../internal/choice.styles.ts';
import { LabelText, useValueField } from '../internal/FieldMessages.tsx';
import {
  Dot,
  Fieldset,
  GroupMessages,
  Legend,
  OptionDescription,
  Options,
  Radio,
} from './RadioGroup.styles.ts';

export interface RadioOption {
  /** The value reported by `onValueChange` and sent with a form. */
  value: string;
  /** The option's visible label. */
  label: ReactNode;
  /** A second line under the label, read as the option's description. */
  description?: ReactNode;
  /** Shown but not selectable; skipped by the arrow keys. */
  disabled?: boolean;
}

export interface RadioGroupProps extends Omit<
  HTMLAttributes<HTMLFieldSetElement>,
  'defaultValue' | 'onChange' | 'dir'
> {
  /** The question, as the group's `<legend>` and accessible name. */
  label: ReactNode;
  /** The choices, in order. */
  options: RadioOption[];
  /** The chosen value (controlled); `''` for none. */
  value?: string;
  /** The value chosen at first (uncontrolled); defaults to none. */
  defaultValue?: string;
  /** Called with the newly chosen value. */
  onValueChange?: (value: string) => void;
  /** `vertical` (default) stacks the options; `horizontal` puts them in a wrapping row. */
  orientation?: 'horizontal' | 'vertical';
  /** Guidance for the whole group, under the options. */
  help?: ReactNode;
  /** An error for the group: marks it `aria-invalid` and is read out with it. */
  error?: string;
  /** A visual asterisk and `aria-required`. */
  required?: boolean;
  /** Disables every option. */
  disabled?: boolean;
  /** Form field name; hidden native radios carry the value in a `<form>`. */
  name?: string;
}

/**
 * One choice from a few visible options, over Radix Radio Group: a `<fieldset>` (with the
 * `radiogroup` role) named by its `<legend>`. Tab enters at the chosen option, arrow keys move
 * and choose. The ref is the fieldset.
 */
export const RadioGroup = forwardRef<HTMLFieldSetElement, RadioGroupProps>(function RadioGroup(
  { label, options, orientation = 'vertical', required, disabled, name, ...props },
  ref,
) {
  const { value, setValue, controlId, controlAria, messages, rest } = useValueField(props);
  const legendId = `${controlId}-legend`;
  const optionBase = useId();
  return (
    <RadixRadio.Root
      asChild
      value={value}
      onValueChange={setValue}
      orientation={orientation}
      required={required}
      disabled={disabled}
      name={name}
      loop
    >
      <Fieldset {...rest} ref={ref} {...controlAria} disabled={disabled} aria-labelledby={legendId}>
        <Legend id={legendId}>
          <LabelText label={label} required={required} />
        </Legend>
        <Options data-orientation={orientation}>
          {options.map((option, index) => {
            const optionId = `${optionBase}-${index}`;
            const descriptionId = `${optionId}-description`;
            return (
              <ChoiceRow key={option.value}>
                <Radio
                  id={optionId}
                  value={option.value}
                  disabled={option.disabled}
                  aria-describedby={option.description ? descriptionId : undefined}
                >
                  <Dot />
                </Radio>
                <ChoiceText>
                  <ChoiceLabel
                    htmlFor={optionId}
                    data-disabled={disabled || option.disabled || false}
                  >
                    {option.label}
                  </ChoiceLabel>
                  {option.description && (
                    <OptionDescription id={descriptionId}>{option.description}</OptionDescription>
                  )}
                </ChoiceText>
              </ChoiceRow>
            );
          })}
        </Options>
        <GroupMessages>{messages}</GroupMessages>
      </Fieldset>
    </RadixRadio.Root>
  );
});
