import styled from 'styled-components';
import { theme } from '../theme/theme.ts';

const { color, font, space } = theme;

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
