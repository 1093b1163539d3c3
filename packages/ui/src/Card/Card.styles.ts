import styled from 'styled-components';
import { theme } from '../theme/theme.ts';
import { panelSurface } from '../internal/panel.styles.ts';

const { color, font, space, elevation } = theme;

export const Root = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  ${panelSurface}
  box-shadow: ${elevation[1]};
`;

export const Header = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: ${space[4]} ${space[6]} 0;
`;

export const Title = styled.h2`
  margin: 0;
  font-size: ${font.size.lg};
  font-weight: ${font.weight.semibold};
  line-height: ${font.lineHeight.tight};
  overflow-wrap: anywhere;
`;

export const Subtitle = styled.p`
  margin: 0;
  font-size: ${font.size.sm};
  color: ${color.textSecondary};
`;

export const Body = styled.div`
  padding: ${space[4]} ${space[6]};
  min-width: 0;
  overflow-wrap: anywhere;

  &:empty {
    display: none;
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${space[2]};
  padding: 0 ${space[6]} ${space[4]};
`;
