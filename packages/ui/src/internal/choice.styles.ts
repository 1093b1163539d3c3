import styled, { css } from 'styled-components';
import { theme } from '../theme/theme.ts';

const { color, font, space } = theme;

/** A control with its label beside it, messages underneath (Checkbox, Switch, radio options). */
export const ChoiceField = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
`;

/**
 * The box a checkbox or radio button draws, centring its mark: `size` square with `margin` around
 * it, and `corner` (square-ish or round).
 */
export const choiceBox = (size: string, margin: string, corner: string) => css`
  display: inline-grid;
  place-items: center;
  flex-shrink: 0;
  width: ${size};
  height: ${size};
  margin: ${margin};
  padding: 0;
  border: 2px solid ${color.borderStrong};
  border-radius: ${corner};
  background: ${color.surface};
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
