import styled from 'styled-components';
import { visuallyHidden } from '../internal/visuallyHidden.ts';
import { theme } from '../theme/theme.ts';
import { NODE_HEIGHT, NODE_WIDTH } from './layout.ts';

const { color, font, radius, space, elevation, kind, focusRing } = theme;

export const Root = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${space[3]};
  min-width: 0;
  color: ${color.text};
  font-size: ${font.size.sm};
`;

export const Toolbar = styled.div`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: ${space[2]};
`;

/** React Flow's own variables, pointed at our tokens: both themes come from `tokens.css`. */
export const Canvas = styled.div`
  position: relative;
  min-height: 240px;
  overflow: hidden;
  border: 1px solid ${color.border};
  border-radius: ${radius.lg};
  background: ${color.surface};

  --xy-background-color: ${color.surface};
  --xy-background-pattern-color: ${color.border};
  --xy-edge-stroke: ${color.borderStrong};
  --xy-edge-stroke-width: 1.5;
  --xy-edge-stroke-selected: ${color.primary};
  --xy-edge-label-background-color: ${color.surface};
  --xy-edge-label-color: ${color.textSecondary};
  --xy-minimap-background-color: ${color.surfaceRaised};
  --xy-minimap-mask-background-color: ${color.statePressed};
  --xy-minimap-mask-stroke-color: ${color.primary};
  --xy-minimap-node-background-color: ${color.borderStrong};
  --xy-controls-button-background-color: ${color.surfaceRaised};
  --xy-controls-button-background-color-hover: ${color.background};
  --xy-controls-button-color: ${color.text};
  --xy-controls-button-color-hover: ${color.text};
  --xy-controls-button-border-color: ${color.border};
  --xy-controls-box-shadow: ${elevation[1]};
  --xy-attribution-background-color: ${color.surface};

  .react-flow__edge-textbg {
    fill: ${color.surface};
  }
  .react-flow__edge-text {
    fill: ${color.textSecondary};
    font-family: ${font.family};
    font-size: 11px;
  }
  .react-flow__controls,
  .react-flow__minimap {
    border-radius: ${radius.sm};
    overflow: hidden;
  }
  .react-flow__minimap {
    border: 1px solid ${color.border};
  }
  .react-flow__controls-button svg {
    fill: currentColor;
  }
  .react-flow__attribution {
    padding: 2px ${space[1]};
    font-size: 10px;
  }
  .react-flow__attribution a {
    color: ${color.textSecondary};
  }
  .react-flow__node:focus-visible {
    outline: ${focusRing.width} solid ${color.focusRing};
    outline-offset: ${focusRing.offset};
    border-radius: ${radius.md};
  }
  .react-flow__handle {
    visibility: hidden;
  }
`;

export const Card = styled.div`
  display: flex;
  align-items: center;
  gap: ${space[3]};
  width: ${NODE_WIDTH}px;
  height: ${NODE_HEIGHT}px;
  padding: 0 ${space[3]};
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.surfaceRaised};
  box-shadow: ${elevation[1]};
  color: ${color.text};
  font-family: ${font.family};
  text-align: start;

  &[data-clickable='true'] {
    cursor: pointer;
  }
  &[data-clickable='true']:hover {
    box-shadow: ${elevation[2]};
  }
  .selected > & {
    border-color: ${color.primary};
    box-shadow: 0 0 0 1px ${color.primary};
  }
`;

export const KindIcon = styled.span`
  display: grid;
  flex-shrink: 0;
  place-items: center;
  width: 36px;
  height: 36px;
  border-radius: ${radius.full};
  background: ${color.background};
  color: ${color.textSecondary};

  &[data-kind='internet'] {
    background: ${kind.info.container};
    color: ${kind.info.onContainer};
  }
  &[data-kind='router'],
  &[data-kind='gateway'] {
    background: ${kind.primary.container};
    color: ${kind.primary.onContainer};
  }
  &[data-kind='network'] {
    background: ${kind.success.container};
    color: ${kind.success.onContainer};
  }
`;

export const CardText = styled.span`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
`;

export const CardLabel = styled.span`
  overflow: hidden;
  font-size: ${font.size.sm};
  font-weight: ${font.weight.semibold};
  line-height: ${font.lineHeight.tight};
  text-overflow: ellipsis;
  white-space: nowrap;
`;

export const CardSub = styled.span`
  display: flex;
  align-items: center;
  gap: ${space[1]};
  overflow: hidden;
  color: ${color.textSecondary};
  font-size: ${font.size.xs};
  line-height: ${font.lineHeight.tight};
  white-space: nowrap;

  & > span {
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

export const StatusDot = styled.span`
  display: inline-block;
  flex-shrink: 0;
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: ${color.textSecondary};

  &[data-tone='success'] {
    background: ${kind.success.accent};
  }
  &[data-tone='warning'] {
    background: ${kind.warning.accent};
  }
  &[data-tone='error'] {
    background: ${kind.error.accent};
  }
`;

export const Status = styled.span`
  display: inline-flex;
  flex-shrink: 0;
  align-items: center;
  gap: ${space[1]};
`;

/* List view */

export const TableWrap = styled.div`
  overflow-x: auto;
  border: 1px solid ${color.border};
  border-radius: ${radius.lg};
  background: ${color.surface};
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${font.size.sm};

  caption {
    ${visuallyHidden}
  }
  th,
  td {
    padding: ${space[2]} ${space[3]};
    border-bottom: 1px solid ${color.border};
    text-align: start;
    vertical-align: top;
  }
  tbody tr:last-child > * {
    border-bottom: 0;
  }
  thead th {
    color: ${color.textSecondary};
    font-size: ${font.size.xs};
    font-weight: ${font.weight.semibold};
    white-space: nowrap;
  }
  tbody th {
    font-weight: ${font.weight.medium};
  }
`;

export const NameCell = styled.span`
  display: flex;
  align-items: center;
  gap: ${space[2]};
`;

export const NameText = styled.span`
  display: flex;
  flex-direction: column;
`;

export const Secondary = styled.span`
  color: ${color.textSecondary};
  font-size: ${font.size.xs};
  font-weight: ${font.weight.regular};
`;

export const NameButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${color.primaryText};
  font: inherit;
  font-weight: ${font.weight.semibold};
  text-align: start;
  text-decoration: underline;
  text-underline-offset: 2px;
  cursor: pointer;
`;

export const Connections = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;
