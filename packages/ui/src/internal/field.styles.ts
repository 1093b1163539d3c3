import styled from 'styled-components';
import { theme } from '../theme/theme.ts';
import { visuallyHidden } from './visuallyHidden.ts';

const { color, font } = theme;

/** The frame every form field shares: its label, the required mark, help and error lines. */
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
