// The panel's styles load with the panel (Radix Dialog), on the bell's first use.
import styled, { keyframes } from 'styled-components';
import { Content } from '@radix-ui/react-dialog';
import { theme } from '../theme/theme.ts';
import { raisedSurface } from '../internal/popover.styles.ts';

const { color, font, radius, space, motion, layout, z } = theme;

const appear = keyframes`
  from {
    opacity: 0;
    transform: translateY(-4px);
  }
`;

/** The panel: under the app bar at the right, like the snackbar, above the page. */
export const Panel = styled(Content)`
  position: fixed;
  top: calc(${layout.appBarHeight} + ${space[1]});
  right: ${space[2]};
  z-index: calc(${z.snackbar} - 60);
  display: flex;
  flex-direction: column;
  width: min(420px, calc(100vw - 2 * ${space[2]}));
  max-height: calc(100dvh - ${layout.appBarHeight} - ${space[6]});
  border-radius: ${radius.lg};
  ${raisedSurface}
  animation: ${appear} ${motion.short} ${motion.easing};

  &:focus {
    outline: none;
  }
`;

export const Header = styled.div`
  display: flex;
  align-items: center;
  gap: ${space[2]};
  padding: ${space[3]} ${space[2]} ${space[3]} ${space[4]};
  border-bottom: 1px solid ${color.border};
`;

export const Title = styled.h2`
  flex: 1;
  margin: 0;
  font-size: ${font.size.md};
  font-weight: ${font.weight.semibold};
  line-height: ${font.lineHeight.tight};
`;

export const Body = styled.div`
  flex: 1 1 auto;
  min-height: 0;
  overflow-y: auto;
  overscroll-behavior: contain;
`;

export const List = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const Task = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${space[1]} ${space[3]};
  padding: ${space[3]} ${space[4]};

  & + & {
    border-top: 1px solid ${color.border};
  }
`;

export const Operation = styled.span`
  font-weight: ${font.weight.semibold};
  overflow-wrap: anywhere;
`;

export const Target = styled.span`
  grid-column: 1 / -1;
  color: ${color.textSecondary};
  overflow-wrap: anywhere;

  a {
    color: ${color.primaryText};
  }
`;

export const Meta = styled.span`
  grid-column: 1 / -1;
  color: ${color.textSecondary};
  font-size: ${font.size.xs};
  font-variant-numeric: tabular-nums;
`;

export const Message = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  overflow-wrap: anywhere;

  &[data-state='FAILURE'] {
    color: ${color.errorText};
  }
`;

export const StateBox = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space[2]};
  padding: ${space[8]} ${space[4]};
  color: ${color.textSecondary};
  text-align: center;

  &[data-tone='error'] {
    color: ${color.errorText};
  }
`;

/** Cancel, for a task that has not started: under its message, at the end of its line. */
export const Cancel = styled.div`
  grid-column: 1 / -1;
  display: flex;
  justify-content: flex-end;
`;
