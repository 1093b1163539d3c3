import styled, { css } from 'styled-components';
import { theme } from '../theme/theme.ts';
import { visuallyHidden } from '../internal/visuallyHidden.ts';

const { color, kind, font, radius, space } = theme;

export const Root = styled.div`
  --_fill: ${kind.primary.accent};
  --_text: ${color.textSecondary};
  display: grid;
  gap: ${space[1]};
  min-width: 80px;

  &[data-level='warning'] {
    --_fill: ${kind.warning.accent};
    --_text: ${kind.warning.text};
  }
  &[data-level='critical'] {
    --_fill: ${kind.error.accent};
    --_text: ${kind.error.text};
  }
`;

export const Head = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${space[2]};
  font-size: ${font.size.xs};
  line-height: ${font.lineHeight.tight};

  [data-size='medium'] > & {
    font-size: ${font.size.sm};
  }
`;

export const Label = styled.span<{ $hidden: boolean }>`
  color: ${color.text};
  font-weight: ${font.weight.medium};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  ${(p) => p.$hidden && visuallyHidden}
`;

export const ValueText = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 2px;
  margin-inline-start: auto;
  color: var(--_text);
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const trackHeight = css`
  height: 8px;
  [data-size='small'] > & {
    height: 4px;
  }
`;

export const Track = styled.div`
  position: relative;
  overflow: hidden;
  border-radius: ${radius.full};
  background: ${color.statePressed};
  /* Drawn in forced-colours mode, where backgrounds disappear. */
  outline: 1px solid transparent;
  ${trackHeight}

  &[data-over] {
    box-shadow: inset 0 0 0 1px ${kind.error.accent};
  }
`;

export const Fill = styled.div`
  height: 100%;
  border-radius: inherit;
  background: var(--_fill);
  forced-color-adjust: none;
  transition: width ${theme.motion.medium} ${theme.motion.easing};
`;
