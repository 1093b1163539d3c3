import styled from 'styled-components';
import { theme } from '../theme/theme.ts';

const { kind, font, radius, space } = theme;

export const Root = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${space[3]};
  padding: ${space[3]} ${space[4]};
  border: 1px solid var(--_accent);
  border-radius: ${radius.sm};
  background: var(--_container);
  color: var(--_on);
  font-size: ${font.size.sm};
  line-height: ${font.lineHeight.normal};

  ${(['success', 'error', 'warning', 'info'] as const).map(
    (k) => `
      &[data-kind='${k}'] {
        --_accent: ${kind[k].accent};
        --_container: ${kind[k].container};
        --_on: ${kind[k].onContainer};
      }
    `,
  )}

  > svg {
    margin-top: 1px;
  }
`;

export const Body = styled.div`
  flex: 1;
  min-width: 0;
  overflow-wrap: anywhere;
`;

export const Title = styled.p`
  margin: 0 0 2px;
  font-weight: ${font.weight.semibold};
`;

export const Action = styled.div`
  flex-shrink: 0;
  align-self: center;
`;
