import { css } from 'styled-components';
import { theme } from '../theme/theme.ts';

const { color, font, radius, space, elevation, z } = theme;

/** Surface of floating lists (menus, select options): above dialogs, below snackbars. */
export const popoverSurface = css`
  z-index: calc(${z.snackbar} - 50);
  min-width: 180px;
  padding: ${space[1]} 0;
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.surfaceRaised};
  color: ${color.text};
  box-shadow: ${elevation[3]};
  font-size: ${font.size.sm};
`;
