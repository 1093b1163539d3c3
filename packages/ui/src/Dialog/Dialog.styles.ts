import styled, { keyframes } from 'styled-components';
import { Content, Description, Overlay, Title } from '@radix-ui/react-dialog';
import { theme } from '../theme/theme.ts';

const { color, font, radius, space, elevation, motion, z } = theme;

/** Phone width: the dialog fills the screen. */
export const phone = '(max-width: 599px)';

const fadeIn = keyframes`
  from {
    opacity: 0;
  }
`;

const riseIn = keyframes`
  from {
    opacity: 0;
    transform: translateY(8px) scale(0.98);
  }
`;

// Above the overlay drawer, below snackbars (no dedicated token yet).
const dialogLayer = `calc(${z.snackbar} - 100)`;

export const Scrim = styled(Overlay)`
  position: fixed;
  inset: 0;
  z-index: ${dialogLayer};
  background: ${color.scrim};
  animation: ${fadeIn} ${motion.medium} ${motion.easing};
`;

export const Panel = styled(Content)`
  --_width: 560px;

  position: fixed;
  inset: 0;
  z-index: ${dialogLayer};
  display: flex;
  flex-direction: column;
  gap: ${space[4]};
  width: min(calc(100vw - 2 * ${space[4]}), var(--_width));
  height: fit-content;
  max-height: calc(100dvh - 2 * ${space[6]});
  margin: auto;
  padding-block: ${space[6]};
  border-radius: ${radius.lg};
  background: ${color.surfaceRaised};
  color: ${color.text};
  box-shadow: ${elevation[4]};
  animation: ${riseIn} ${motion.medium} ${motion.easing};

  &[data-size='small'] {
    --_width: 400px;
  }
  &[data-size='large'] {
    --_width: 800px;
  }
  &:focus {
    outline: none;
  }

  @media ${phone} {
    width: 100%;
    height: 100%;
    max-height: none;
    border-radius: 0;
  }
`;

export const StyledTitle = styled(Title)`
  margin: 0;
  padding-inline: ${space[6]};
  font-size: ${font.size.xl};
  font-weight: ${font.weight.semibold};
  line-height: ${font.lineHeight.tight};
  overflow-wrap: anywhere;
`;

export const StyledDescription = styled(Description)`
  margin: 0;
  padding-inline: ${space[6]};
  color: ${color.textSecondary};
  font-size: ${font.size.sm};
  overflow-wrap: anywhere;
`;

export const StyledBody = styled.div`
  flex: 1 1 auto;
  min-height: 0;
  overflow-y: auto;
  /* Room for focus rings of controls at the edges of the scrolling area. */
  padding: ${space[1]} ${space[6]};
  margin-block: calc(-1 * ${space[1]});
  font-size: ${font.size.md};
  overflow-wrap: anywhere;

  &:focus-visible {
    outline-offset: -2px;
  }
`;

export const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${space[2]};
  padding-inline: ${space[6]};

  @media ${phone} {
    margin-top: auto;
  }
`;
