import styled from 'styled-components';
import { theme } from '../theme/theme.ts';

const { color, font, radius, kind } = theme;

export const TriggerBox = styled.span`
  position: relative;
  display: inline-flex;
`;

/** The running count over the bell: decorative, the button's name says it. */
export const Badge = styled.span`
  position: absolute;
  top: 2px;
  right: 0;
  min-width: 18px;
  height: 18px;
  padding: 0 5px;
  border: 2px solid ${color.surface};
  border-radius: ${radius.full};
  background: ${kind.primary.strong};
  color: ${kind.primary.on};
  font-size: 0.6875rem;
  font-weight: ${font.weight.bold};
  line-height: 14px;
  text-align: center;
  pointer-events: none;
`;
