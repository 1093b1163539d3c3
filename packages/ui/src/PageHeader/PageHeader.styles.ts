import styled from 'styled-components';
import { theme } from '../theme/theme.ts';

const { color, font, space } = theme;

export const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space[2]};
  margin-bottom: ${space[6]};
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space[3]} ${space[4]};
`;

export const Title = styled.h1`
  margin: 0;
  min-width: 0;
  font-size: ${font.size['2xl']};
  font-weight: ${font.weight.bold};
  line-height: ${font.lineHeight.tight};
  overflow-wrap: anywhere;
`;

export const Description = styled.p`
  margin: 0;
  max-width: 72ch;
  color: ${color.textSecondary};
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space[2]};
`;

export const Back = styled.div`
  display: flex;
`;
