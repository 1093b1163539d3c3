import styled from 'styled-components';
import { theme } from '../theme/theme.ts';

const { color, kind, font, radius, space } = theme;

export const Root = styled.div`
  --_accent: ${color.border};
  --_value: ${color.text};
  display: grid;
  align-content: start;
  gap: ${space[1]};
  min-width: 0;
  padding: ${space[3]} ${space[4]};
  border: 1px solid ${color.border};
  border-inline-start: 4px solid var(--_accent);
  border-radius: ${radius.md};
  background: ${color.surface};

  &[data-tone='good'] {
    --_accent: ${kind.success.accent};
    --_value: ${kind.success.text};
  }
  &[data-tone='warning'] {
    --_accent: ${kind.warning.accent};
    --_value: ${kind.warning.text};
  }
  &[data-tone='critical'] {
    --_accent: ${kind.error.accent};
    --_value: ${kind.error.text};
  }
`;

export const Label = styled.span`
  color: ${color.textSecondary};
  font-size: ${font.size.sm};
  font-weight: ${font.weight.medium};
`;

export const Value = styled.span`
  color: var(--_value);
  font-size: ${font.size['2xl']};
  font-weight: ${font.weight.semibold};
  font-variant-numeric: tabular-nums;
  line-height: ${font.lineHeight.tight};
`;

export const Hint = styled.span`
  color: ${color.textSecondary};
  font-size: ${font.size.xs};
`;

export const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(var(--_min), 100%), 1fr));
  gap: ${space[3]};
`;
