import styled from 'styled-components';
import { theme } from '../theme/theme.ts';
import { visuallyHidden } from '../internal/visuallyHidden.ts';

export const Root = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[3]};
  color: ${theme.color.primary};
`;

export const Text = styled.span`
  color: ${theme.color.textSecondary};
  font-size: ${theme.font.size.sm};

  &[data-visible='false'] {
    ${visuallyHidden}
  }
`;
