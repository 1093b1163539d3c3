import styled from 'styled-components';
import { visuallyHidden } from '../internal/visuallyHidden.ts';
import { theme } from '../theme/theme.ts';
import { panelSurface } from '../internal/panel.styles.ts';

const { color, font, radius, space } = theme;

export const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space[3]};
  min-width: 0;
  padding: ${space[4]};
  ${panelSurface}
`;

export const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space[2]};
`;

export const Title = styled.h3`
  margin: 0;
  font-size: ${font.size.md};
  font-weight: ${font.weight.semibold};
  line-height: ${font.lineHeight.tight};
`;

export const Body = styled.div<{ $height: number }>`
  min-height: ${({ $height }) => $height}px;
`;

/** uPlot's own DOM (canvas, cursor, legend), restyled with our tokens. */
export const PlotFrame = styled.div<{ $height: number }>`
  min-height: ${({ $height }) => $height}px;
  min-width: 0;

  .uplot {
    font-family: inherit;
    color: ${color.text};
  }
  .u-legend {
    margin-top: ${space[2]};
    font-size: ${font.size.xs};
    text-align: start;
    color: ${color.text};
  }
  .u-legend th {
    font-weight: ${font.weight.medium};
  }
  .u-legend .u-value {
    font-variant-numeric: tabular-nums;
  }
  .u-legend .u-marker {
    border-radius: 2px;
  }
  .u-cursor-x,
  .u-cursor-y {
    border-color: ${color.borderStrong};
  }
`;

export const State = styled.div<{ $height: number }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${space[2]};
  min-height: ${({ $height }) => $height}px;
  padding: ${space[4]};
  color: ${color.textSecondary};
  font-size: ${font.size.sm};
  text-align: center;

  &[data-tone='error'] {
    color: ${color.errorText};
  }
`;

export const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
`;

export const TableRegion = styled.div`
  max-height: 280px;
  overflow: auto;
  border: 1px solid ${color.border};
  border-radius: ${radius.md};

  &[data-visible='false'] {
    ${visuallyHidden}
  }
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${font.size.xs};
  font-variant-numeric: tabular-nums;

  caption {
    ${visuallyHidden}
  }
  th,
  td {
    padding: ${space[1]} ${space[3]};
    border-bottom: 1px solid ${color.border};
    text-align: end;
    white-space: nowrap;
  }
  th:first-child {
    text-align: start;
  }
  thead th {
    position: sticky;
    top: 0;
    background: ${color.surface};
    color: ${color.textSecondary};
    font-weight: ${font.weight.semibold};
  }
  tbody th {
    font-weight: ${font.weight.regular};
  }
`;
