import styled from 'styled-components';
import { theme } from '../theme/theme.ts';

const { color, kind } = theme;

export const Svg = styled.svg`
  display: inline-block;
  flex: none;
  overflow: visible;
  vertical-align: middle;
  stroke: ${kind.primary.accent};

  ${(['error', 'success', 'warning', 'info'] as const).map(
    (k) => `&[data-tone='${k}'] { stroke: ${kind[k].accent}; }`,
  )}

  line {
    stroke: ${color.borderStrong};
  }
`;
