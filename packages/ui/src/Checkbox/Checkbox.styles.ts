import styled from 'styled-components';
import { Indicator, Root } from '@radix-ui/react-checkbox';
import { theme } from '../theme/theme.ts';

const { color, radius, motion } = theme;

export {
  ChoiceField,
  ChoiceLabel,
  ChoiceMessages,
  ChoiceRow,
  ChoiceText,
} from '../internal/choice.styles.ts';

export const Box = styled(Root)`
  display: inline-grid;
  place-items: center;
  flex-shrink: 0;
  width: 18px;
  height: 18px;
  margin: 3px;
  padding: 0;
  border: 2px solid ${color.borderStrong};
  border-radius: ${radius.sm};
  background: ${color.surface};
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
