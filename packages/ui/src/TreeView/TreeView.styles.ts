import styled from 'styled-components';
import { theme } from '../theme/theme.ts';

const { color, font, radius, space, motion, kind, focusRing } = theme;

/** Indent per level, in px: the chevron's width, so children line up under the parent's icon. */
const INDENT = 20;

export const Tree = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${color.text};
  font-size: ${font.size.sm};
  line-height: ${font.lineHeight.tight};
`;

export const Group = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const Row = styled.div<{ $level: number }>`
  display: flex;
  align-items: center;
  gap: ${space[2]};
  min-height: 36px;
  padding-block: ${space[1]};
  padding-inline: calc(${({ $level }) => ($level - 1) * INDENT}px + ${space[1]}) ${space[2]};
  border-radius: ${radius.md};
  cursor: pointer;
  user-select: none;

  &:hover {
    background-image: linear-gradient(${color.stateHover}, ${color.stateHover});
  }

  &[data-state='message'] {
    cursor: default;
    color: ${color.textSecondary};
  }
  &[data-state='message']:hover {
    background-image: none;
  }
`;

/** The treeitem: its row, then any loading or error message about its children. */
export const Item = styled.div`
  &:focus-visible {
    outline: none;
  }
  &:focus-visible > ${Row}:first-child {
    outline: ${focusRing.width} solid ${color.focusRing};
    outline-offset: calc(-1 * ${focusRing.width});
  }
  &[aria-selected='true'] > ${Row}:first-child {
    background-color: ${color.primaryContainer};
    color: ${color.onPrimaryContainer};
    font-weight: ${font.weight.medium};
  }
`;

export const Toggle = styled.span`
  display: inline-grid;
  flex-shrink: 0;
  place-items: center;
  width: ${INDENT}px;
  height: ${INDENT}px;
  color: ${color.textSecondary};

  & > svg {
    transition: transform ${motion.short} ${motion.easing};
  }
  &[data-expanded='true'] > svg {
    transform: rotate(90deg);
  }
  ${Item}[aria-selected='true'] > ${Row}:first-child & {
    color: inherit;
  }
`;

export const NodeIcon = styled.span`
  display: inline-flex;
  flex-shrink: 0;
  color: ${color.textSecondary};

  ${Item}[aria-selected='true'] > ${Row}:first-child & {
    color: inherit;
  }
`;

export const Text = styled.span`
  display: flex;
  flex: 1;
  flex-wrap: wrap;
  align-items: baseline;
  column-gap: ${space[2]};
  row-gap: 2px;
  min-width: 0;
`;

export const Label = styled.span`
  overflow-wrap: anywhere;
`;

export const Description = styled.span`
  color: ${color.textSecondary};
  font-size: ${font.size.xs};
  font-weight: ${font.weight.regular};
  white-space: nowrap;

  ${Item}[aria-selected='true'] > ${Row}:first-child & {
    color: inherit;
  }
`;

export const Badge = styled.span`
  flex-shrink: 0;
  padding: 2px ${space[2]};
  border-radius: ${radius.full};
  background: ${kind.success.container};
  color: ${kind.success.onContainer};
  font-size: ${font.size.xs};
  font-weight: ${font.weight.semibold};
  line-height: ${font.lineHeight.tight};
  white-space: nowrap;
`;

export const ErrorText = styled.span`
  color: ${color.errorText};
`;

export const Empty = styled.p`
  margin: 0;
  padding: ${space[4]};
  color: ${color.textSecondary};
  font-size: ${font.size.sm};
`;
