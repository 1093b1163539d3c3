import { css } from 'styled-components';
import { theme } from '../theme/theme.ts';

const { color, radius } = theme;

/** The outline, corners and surface of a panel set on the page (Card, DataTable, MetricChart). */
export const panelSurface = css`
  border: 1px solid ${color.border};
  border-radius: ${radius.lg};
  background: ${color.surface};
  color: ${color.text};
`;
