import { css } from 'styled-components';

/**
 * As many columns as fit, each at least `minWidth` px wide (one column on a narrower screen),
 * 16px apart: the cards and field groups that wrap as the page narrows.
 */
export const fittingColumns = (minWidth: number) => css`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, ${minWidth}px), 1fr));
`;
