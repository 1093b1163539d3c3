import styled, { keyframes } from 'styled-components';
import { Arrow, Content } from '@radix-ui/react-tooltip';
import { theme } from '../theme/theme.ts';

const { color, font, radius, space, motion, z } = theme;

const appear = keyframes`
  from {
    opacity: 0;
  }
`;

/** Inverted colours (text colour as fill), so the pair has the contrast of body text. */
export const StyledContent = styled(Content)`
  z-index: calc(${z.snackbar} + 10);
  max-width: min(320px, var(--radix-tooltip-content-available-width));
  padding: ${space[1]} ${space[2]};
  border-radius: ${radius.sm};
  background: ${color.text};
  color: ${color.surface};
  font-size: ${font.size.xs};
  font-weight: ${font.weight.medium};
  line-height: ${font.lineHeight.normal};
  overflow-wrap: anywhere;
  animation: ${appear} ${motion.short} ${motion.easing};
`;

export const StyledArrow = styled(Arrow)`
  fill: ${color.text};
`;
