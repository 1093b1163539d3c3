import styled from 'styled-components';
import { Root, Thumb } from '@radix-ui/react-switch';
import { theme } from '../theme/theme.ts';
import { ChoiceField } from '../internal/choice.styles.ts';

const { color, radius, motion } = theme;

/** Messages start under the label: track width plus the gap. */
export const SwitchField = styled(ChoiceField)`
  --_indent: 52px;
`;

export const Track = styled(Root)`
  position: relative;
  display: inline-flex;
  align-items: center;
  flex-shrink: 0;
  width: 40px;
  height: 24px;
  padding: 2px;
  border: 2px solid ${color.borderStrong};
  border-radius: ${radius.full};
  background: ${color.surface};
  cursor: pointer;
  transition:
    background-color ${motion.short} ${motion.easing},
    border-color ${motion.short} ${motion.easing};

  &:hover:not(:disabled) {
    border-color: ${color.text};
  }
  &[data-state='checked'] {
    border-color: ${color.primaryStrong};
    background: ${color.primaryStrong};
  }
  &[aria-invalid='true'] {
    border-color: ${color.errorText};
  }
  &:disabled {
    border-color: ${color.textDisabled};
    cursor: not-allowed;
  }
  &:disabled[data-state='checked'] {
    background: ${color.textDisabled};
  }
`;

export const StyledThumb = styled(Thumb)`
  display: grid;
  place-items: center;
  width: 16px;
  height: 16px;
  border-radius: ${radius.full};
  background: ${color.borderStrong};
  color: ${color.primaryStrong};
  transition:
    transform ${motion.short} ${motion.easing},
    background-color ${motion.short} ${motion.easing};

  &[data-state='checked'] {
    transform: translateX(16px);
    background: ${color.onPrimary};
  }
  [data-disabled] > & {
    background: ${color.textDisabled};
  }
  [data-disabled] > &[data-state='checked'] {
    background: ${color.surface};
  }
`;
