import styled from 'styled-components';
import { Indicator, Root } from '@radix-ui/react-checkbox';
import { theme } from '../theme/theme.ts';

const { color, font, radius, space, motion } = theme;

/** A control with its label beside it, messages underneath (Checkbox, Switch, radio options). */
export const ChoiceField = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
`;

export const ChoiceRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${space[3]};
  min-height: 24px;
`;

export const ChoiceLabel = styled.label`
  padding-block: 2px;
  color: ${color.text};
  font-size: ${font.size.md};
  line-height: ${font.lineHeight.tight};
  overflow-wrap: anywhere;
  cursor: pointer;

  &[data-disabled='true'] {
    color: ${color.textDisabled};
    cursor: not-allowed;
  }
`;

export const ChoiceText = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
`;

/** Help and error lines, indented to start under the label text. */
export const ChoiceMessages = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding-inline-start: var(--_indent, 36px);

  &:empty {
    display: none;
  }
`;

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
