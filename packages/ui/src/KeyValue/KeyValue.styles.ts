import styled from 'styled-components';
import { theme } from '../theme/theme.ts';
import { visuallyHidden } from '../internal/visuallyHidden.ts';

const { color, font, space } = theme;

export const Root = styled.div`
  min-width: 0;
`;

export const List = styled.dl`
  display: grid;
  grid-template-columns: repeat(var(--_columns, 1), minmax(0, 1fr));
  gap: ${space[4]} ${space[6]};
  margin: 0;

  &[data-columns='2'] {
    --_columns: 2;
  }
  &[data-columns='3'] {
    --_columns: 3;
  }

  @media (max-width: 599px) {
    --_columns: 1;
  }
`;

export const Pair = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;

  /* One column on wider screens: label and value side by side. */
  @media (min-width: 600px) {
    [data-columns='1'] > & {
      display: grid;
      grid-template-columns: minmax(120px, 30%) minmax(0, 1fr);
      gap: ${space[4]};
      align-items: baseline;
    }
  }
`;

export const Term = styled.dt`
  color: ${color.textSecondary};
  font-size: ${font.size.sm};
  font-weight: ${font.weight.medium};
  overflow-wrap: anywhere;
`;

export const Value = styled.dd`
  display: flex;
  align-items: center;
  gap: ${space[1]};
  min-width: 0;
  min-height: 32px;
  margin: 0;
  color: ${color.text};
  font-size: ${font.size.md};
`;

export const ValueText = styled.span`
  min-width: 0;
  overflow-wrap: anywhere;

  &[data-mono='true'] {
    font-family: ${font.familyMono};
    font-size: ${font.size.sm};
  }
`;

export const LiveRegion = styled.span`
  ${visuallyHidden}
`;
