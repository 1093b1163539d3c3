import styled from 'styled-components';
import { theme } from '../theme/theme.ts';

const { color, font, space } = theme;

export const Unit = styled.span`
  padding-inline: ${space[1]} ${space[2]};
  color: ${color.textSecondary};
  font-size: ${font.size.sm};
  white-space: nowrap;
`;

export const Steppers = styled.span`
  display: flex;
  align-items: center;
  padding-inline-start: ${space[1]};
  border-inline-start: 1px solid ${color.border};
`;
