import styled from 'styled-components';
import { theme } from '../theme/theme.ts';
import { visuallyHidden } from '../internal/visuallyHidden.ts';

const { color, font, radius, space, focusRing } = theme;

export const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

export const Label = styled.label<{ $hidden?: boolean }>`
  font-size: ${font.size.sm};
  font-weight: ${font.weight.medium};
  color: ${color.text};
  ${({ $hidden }) => ($hidden ? visuallyHidden : '')}
`;

export const RequiredMark = styled.span`
  margin-inline-start: 2px;
  color: ${color.errorText};
`;

export const InputBox = styled.div`
  display: flex;
  align-items: center;
  min-height: 40px;
  border: 1px solid ${color.borderStrong};
  border-radius: ${radius.sm};
  background: ${color.surface};
  color: ${color.text};

  &:hover {
    border-color: ${color.text};
  }
  &:has(input:focus-visible) {
    border-color: ${color.focusRing};
    outline: ${focusRing.width} solid ${color.focusRing};
    outline-offset: -1px;
  }
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
  flex: 1;
  min-width: 0;
  align-self: stretch;
  padding: ${space[2]} ${space[3]};
  border: 0;
  border-radius: inherit;
  background: transparent;
  color: inherit;
  font-size: ${font.size.md};
  line-height: ${font.lineHeight.tight};

  &:focus-visible {
    outline: none;
  }
  &::placeholder {
    color: ${color.textSecondary};
    opacity: 1;
  }
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

export const Help = styled.p`
  margin: 0;
  font-size: ${font.size.sm};
  color: ${color.textSecondary};
`;

export const ErrorMessage = styled.p`
  display: flex;
  align-items: flex-start;
  gap: 6px;
  margin: 0;
  font-size: ${font.size.sm};
  font-weight: ${font.weight.medium};
  color: ${color.errorText};

  svg {
    margin-top: 1px;
  }
`;
