import styled from 'styled-components';
import { Indicator, Root } from '@radix-ui/react-checkbox';
import { theme } from '../theme/theme.ts';
import { choiceBox } from '../internal/choice.styles.ts';

const { color, radius, motion } = theme;

export {
  ChoiceField,
  ChoiceLabel,
  ChoiceMessages,
  ChoiceRow,
  ChoiceText,
} from '../internal/choice.styles.ts';

export const Box = styled(Root)`
  ${choiceBox('18px', '3px', radius.sm)}
  color: ${color.onPrimary};
  cursor: pointer;
  transition: background-color ${motion.short} ${motion.easing};

  &:hover:not(:disabled) {
    border-color: ${color.text};
  }
  &[data-state='checked'],
  &[data-state='indeterminate'] {
    border-color: ${color.primaryStrong};
    background: ${color.primaryStrong};
  }
  &[aria-invalid='true'] {
    border-color: ${color.errorText};
  }
  &[aria-invalid='true']:is([data-state='checked'], [data-state='indeterminate']) {
    background: ${color.errorStrong};
    color: ${color.onError};
  }
  &:disabled {
    border-color: ${color.textDisabled};
    cursor: not-allowed;
  }
  &:disabled:is([data-state='checked'], [data-state='indeterminate']) {
    background: ${color.textDisabled};
    color: ${color.surface};
  }
`;

export const StyledIndicator = styled(Indicator)`
  display: flex;
`;
