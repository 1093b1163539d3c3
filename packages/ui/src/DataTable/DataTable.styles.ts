import styled, { css, keyframes } from 'styled-components';
import { theme } from '../theme/theme.ts';
import { panelSurface } from '../internal/panel.styles.ts';
import { visuallyHidden } from '../internal/visuallyHidden.ts';
import { boxedInput, controlSurface, inputFocusRing } from '../internal/input.styles.ts';
import { popoverGroupLabel } from '../internal/popover.styles.ts';

const { color, font, radius, space, elevation, focusRing, motion } = theme;

/**
 * The frame. Sizes come in as custom properties set inline: `--dt-cols` (the grid tracks shared by
 * header and rows, so they line up even when rows are absolutely positioned), `--dt-min-width`,
 * `--dt-row-height` and `--dt-header-height`.
 */
export const Root = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  min-width: 0;
  ${panelSurface}
  font-size: ${font.size.sm};
`;

export const Caption = styled.div`
  padding: ${space[4]} ${space[4]} 0;
  font-size: ${font.size.lg};
  font-weight: ${font.weight.semibold};
  line-height: ${font.lineHeight.tight};
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space[2]} ${space[3]};
  padding: ${space[3]} ${space[4]};
`;

/** The app's filters: a row of their own, fields aligned on their bottom edge. */
export const FilterRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${space[2]} ${space[3]};
  flex-basis: 100%;
`;

export const ToolbarEnd = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space[2]};
  margin-inline-start: auto;
`;

const controlBox = css`
  min-height: 36px;
  ${controlSurface}
`;

export const SearchBox = styled.div`
  ${controlBox}
  display: flex;
  align-items: center;
  gap: ${space[1]};
  flex: 1 1 240px;
  max-width: 360px;
  padding-inline-start: ${space[2]};
  color: ${color.textSecondary};
  ${inputFocusRing}
`;

export const SearchInput = styled.input`
  ${boxedInput}
  padding: 0 ${space[2]} 0 0;
  color: ${color.text};
  font-size: ${font.size.sm};
`;

export const FilterLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${space[2]};
  color: ${color.textSecondary};
  font-weight: ${font.weight.medium};
`;

const fieldControl = css`
  ${controlBox}
  padding: 0 ${space[2]};
  font-size: ${font.size.sm};
`;

export const FilterInput = styled.input`
  ${fieldControl}
  width: 140px;
`;

export const Select = styled.select`
  ${fieldControl}
  min-height: 32px;
  max-width: 200px;
`;

export const BulkBar = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space[2]} ${space[3]};
  min-height: 52px;
  padding: ${space[2]} ${space[4]};
  background: ${color.primaryContainer};
  color: ${color.onPrimaryContainer};
`;

export const BulkCount = styled.span`
  font-weight: ${font.weight.semibold};
`;

export const BulkActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space[2]};
`;

export const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;

const slide = keyframes`
  from {
    transform: translateX(-100%);
  }
  to {
    transform: translateX(250%);
  }
`;

export const BusyBar = styled.div`
  position: absolute;
  inset-inline: 0;
  top: 0;
  z-index: 3;
  height: 3px;
  overflow: hidden;

  &::after {
    content: '';
    display: block;
    width: 40%;
    height: 100%;
    background: ${color.primary};
    animation: ${slide} 1.2s ${motion.easing} infinite;
  }
`;

export const ScrollArea = styled.div`
  position: relative;
  border-top: 1px solid ${color.border};
`;

export const Scroller = styled.div`
  position: relative;
  overflow: auto;
  overscroll-behavior: contain;
  scroll-padding-top: var(--dt-header-height);
`;

export const Grid = styled.table`
  display: block;
  width: 100%;
  min-width: var(--dt-min-width);
  border-collapse: separate;
  border-spacing: 0;

  thead {
    display: block;
    position: sticky;
    top: 0;
    z-index: 2;
    background: ${color.surface};
  }
  tbody {
    display: block;
    position: relative;
  }
  tr {
    display: grid;
    grid-template-columns: var(--dt-cols);
    min-width: 100%;
  }
  th,
  td {
    display: flex;
    align-items: center;
    min-width: 0;
    padding: 0 ${space[3]};
    overflow: hidden;
    text-align: start;
  }
  th {
    height: var(--dt-header-height);
    border-bottom: 1px solid ${color.borderStrong};
    color: ${color.textSecondary};
    font-weight: ${font.weight.semibold};
  }
  td {
    height: var(--dt-row-height);
    border-bottom: 1px solid ${color.border};
  }
  :is(th, td)[data-align='center'] {
    justify-content: center;
  }
  :is(th, td)[data-align='end'] {
    justify-content: flex-end;
    font-variant-numeric: tabular-nums;
  }
  :is(th, td):focus-visible {
    outline: ${focusRing.width} solid ${color.focusRing};
    outline-offset: calc(-1 * ${focusRing.width});
  }
  :is(th, td) :focus-visible {
    outline-offset: 0;
  }

  tbody tr:hover {
    background: ${color.stateHover};
  }

  /* The row actions stay at the right edge while the rest scrolls sideways. */
  :is(th, td)[data-pin='end'] {
    position: sticky;
    right: 0;
    z-index: 1;
    background-color: ${color.surface};
    box-shadow: inset 1px 0 0 ${color.border};
  }
  tbody tr:hover > td[data-pin],
  tbody tr[data-clickable='true']:active > td[data-pin],
  tbody tr[aria-busy='true'] > td[data-pin] {
    background-image: linear-gradient(${color.stateHover}, ${color.stateHover});
  }
  tbody tr[aria-selected='true'] > td[data-pin] {
    background-color: ${color.primaryContainer};
  }

  /* Measuring (one synchronous pass, never painted): each cell at the width of its content. */
  &[data-measuring] :is(th, td) {
    width: max-content;
    justify-self: start;
  }
  tbody tr[data-clickable='true'] {
    cursor: pointer;
  }
  /* A click shows at once that the row is opening: an accent bar (the tint keeps links at AA). */
  tbody tr[data-clickable='true']:active,
  tbody tr[aria-busy='true'] {
    background: ${color.stateHover};
    box-shadow: inset 3px 0 0 ${color.primary};
  }
  tbody tr[aria-selected='true'] {
    background: ${color.primaryContainer};
  }
  tbody tr[aria-selected='true']:hover {
    background-image: linear-gradient(${color.stateHover}, ${color.stateHover});
  }

  &[data-virtualized='true'] tbody tr {
    position: absolute;
    top: 0;
    left: 0;
    width: 100%;
  }
`;

/** The content of a cell, cut with an ellipsis; padded so focus outlines of links are not clipped. */
export const CellContent = styled.span`
  min-width: 0;
  margin: -4px;
  padding: 4px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

export const Empty = styled.span`
  color: ${color.textSecondary};
`;

export const Checkbox = styled.input.attrs({ type: 'checkbox' })`
  width: 18px;
  height: 18px;
  margin: 0;
  accent-color: ${color.primaryStrong};
  cursor: pointer;
`;

export const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${space[1]};
  min-width: 0;
  margin-inline: calc(-1 * ${space[2]});
  padding: ${space[1]} ${space[2]};
  border: 0;
  border-radius: ${radius.sm};
  background: transparent;
  color: inherit;
  font-weight: inherit;
  cursor: pointer;

  &:hover {
    background: ${color.stateHover};
    color: ${color.text};
  }
  svg {
    opacity: 0;
    transition: opacity ${motion.short} ${motion.easing};
  }
  &[data-sorted='true'] {
    color: ${color.text};
  }
  /* In end-aligned (numeric) columns the arrow goes first, so the heading lines up with the numbers. */
  th[data-align='end'] > & {
    flex-direction: row-reverse;
  }
  &[data-sorted='true'] svg,
  &:hover svg,
  &:focus-visible svg {
    opacity: 1;
  }
`;

export const HeaderText = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

export const StatePanel = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${space[3]};
  min-height: 200px;
  padding: ${space[8]} ${space[4]};
  text-align: center;
  color: ${color.textSecondary};

  &[data-tone='error'] {
    color: ${color.errorText};
  }
`;

export const StateMessage = styled.p`
  display: flex;
  align-items: center;
  gap: ${space[2]};
  margin: 0;
  font-size: ${font.size.md};
  font-weight: ${font.weight.medium};
`;

export const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${space[2]} ${space[4]};
  min-height: 52px;
  padding: ${space[2]} ${space[4]};
  border-top: 1px solid ${color.border};
  color: ${color.textSecondary};
`;

export const FooterGroup = styled.div`
  display: flex;
  align-items: center;
  gap: ${space[1]};
`;

export const RangeText = styled.span`
  min-width: 12ch;
  color: ${color.text};
  font-variant-numeric: tabular-nums;
`;

export const MenuAnchor = styled.div`
  position: relative;
`;

export const MenuPanel = styled.div`
  position: absolute;
  top: calc(100% + ${space[1]});
  right: 0;
  z-index: 10;
  min-width: 220px;
  max-height: 360px;
  overflow: auto;
  padding: ${space[2]} 0;
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.surfaceRaised};
  box-shadow: ${elevation[3]};

  fieldset {
    margin: 0;
    padding: 0;
    border: 0;
  }
  legend {
    padding: ${space[1]} ${space[4]} ${space[2]};
    ${popoverGroupLabel}
  }
`;

export const MenuOption = styled.label`
  display: flex;
  align-items: center;
  gap: ${space[3]};
  padding: ${space[2]} ${space[4]};
  color: ${color.text};
  cursor: pointer;

  &:hover {
    background: ${color.stateHover};
  }
  &[data-disabled='true'] {
    color: ${color.textSecondary};
    cursor: default;
  }
`;

/** "hidden to fit" after a column menu option. */
export const MenuHint = styled.span`
  margin-inline-start: auto;
  color: ${color.textSecondary};
  font-size: ${font.size.xs};
`;

/** The small spinner in a busy row, before its first cell's content. */
export const RowSpinner = styled.span`
  display: inline-flex;
  flex-shrink: 0;
  margin-inline-end: ${space[2]};
  color: ${color.primaryText};
`;
