import { css } from 'styled-components';
import { theme } from '../theme/theme.ts';

const { color, font, radius, space, elevation, z } = theme;

/** The look of what floats above the page (floating lists, the task centre's panel). */
export const raisedSurface = css`
  border: 1px solid ${color.border};
  background: ${color.surfaceRaised};
  color: ${color.text};
  box-shadow: ${elevation[3]};
  font-size: ${font.size.sm};
`;

/** Surface of floating lists (menus, select options): above dialogs, below snackbars. */
export const popoverSurface = css`
  z-index: calc(${z.snackbar} - 50);
  min-width: 180px;
  padding: ${space[1]} 0;
  border-radius: ${radius.md};
  ${raisedSurface}
`;

/** The small capitals naming a group of a floating list's items (a menu's label, a legend). */
export const popoverGroupLabel = css`
  color: ${color.textSecondary};
  font-size: ${font.size.xs};
  font-weight: ${font.weight.semibold};
  letter-spacing: 0.04em;
  text-transform: uppercase;
`;
