import styled from 'styled-components';
import { theme } from '../theme/theme.ts';

const { color, kind, font, radius, space } = theme;

export const Root = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${space[1]};
  max-width: 100%;
  min-height: 24px;
  padding: 0 ${space[2]} 0 6px;
  /* Transparent, but drawn in forced-colours mode where the fill disappears. */
  border: 1px solid transparent;
  border-radius: ${radius.full};
  background: var(--_container);
  color: var(--_on);
  font-size: ${font.size.xs};
  font-weight: ${font.weight.semibold};
  line-height: ${font.lineHeight.tight};
  vertical-align: middle;
  white-space: nowrap;

  ${(['success', 'error', 'warning', 'info'] as const).map(
    (k) => `
      &[data-kind='${k}'] {
        --_container: ${kind[k].container};
        --_on: ${kind[k].onContainer};
      }
    `,
  )}
  &[data-kind='neutral'] {
    --_container: ${color.statePressed};
    --_on: ${color.text};
  }

  &[data-size='medium'] {
    min-height: 28px;
    padding-inline: ${space[2]} 10px;
    font-size: ${font.size.sm};
  }
`;

export const Text = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
`;
