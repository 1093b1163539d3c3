import styled, { css } from 'styled-components';
import { theme } from '../theme/theme.ts';

const { color, font, radius, space, focusRing } = theme;

// The frame shared with Select and the choice controls has a home of its own.
export { ErrorMessage, Help, Label, RequiredMark, Root } from './field.styles.ts';

/** The border, surface and hover of a box one types in (text fields, the table's search box). */
export const controlSurface = css`
  border: 1px solid ${color.borderStrong};
  border-radius: ${radius.sm};
  background: ${color.surface};
  color: ${color.text};

  &:hover {
    border-color: ${color.text};
  }
`;

/**
 * Such a box's focus ring, drawn on the box while the input in it has focus (the input itself
 * shows none: see `boxedInput`).
 */
export const inputFocusRing = css`
  &:has(input:focus-visible) {
    border-color: ${color.focusRing};
    outline: ${focusRing.width} solid ${color.focusRing};
    outline-offset: -1px;
  }
`;

/** The input in such a box: it fills the box and leaves the border, surface and focus to it. */
export const boxedInput = css`
  flex: 1;
  min-width: 0;
  align-self: stretch;
  border: 0;
  background: transparent;

  &:focus-visible {
    outline: none;
  }
  &::placeholder {
    color: ${color.textSecondary};
    opacity: 1;
  }
`;

export const InputBox = styled.div`
  display: flex;
  align-items: center;
  min-height: 40px;
  ${controlSurface}
  ${inputFocusRing}
  &[data-invalid='true'] {
    border-color: ${color.errorText};
  }
  &[data-invalid='true']:has(input:focus-visible) {
    outline-color: ${color.errorText};
  }
  &[data-disabled='true'] {
    border-color: ${color.border};
    color: ${color.textDisabled};
  }
`;

export const Input = styled.input`
  ${boxedInput}
  padding: ${space[2]} ${space[3]};
  border-radius: inherit;
  color: inherit;
  font-size: ${font.size.md};
  line-height: ${font.lineHeight.tight};

  &:disabled {
    cursor: not-allowed;
  }
`;

export const Trailing = styled.div`
  display: flex;
  align-items: center;
  padding-inline-end: ${space[1]};
  color: ${color.textSecondary};
`;
