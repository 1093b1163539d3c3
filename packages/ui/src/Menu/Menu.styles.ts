import styled, { keyframes } from 'styled-components';
import { Content, Item, Label, Separator } from '@radix-ui/react-dropdown-menu';
import { theme } from '../theme/theme.ts';
import { popoverGroupLabel, popoverSurface } from '../internal/popover.styles.ts';

const { color, font, space, motion } = theme;

const appear = keyframes`
  from {
    opacity: 0;
    transform: scale(0.96);
  }
`;

export const StyledContent = styled(Content)`
  ${popoverSurface}
  max-width: min(360px, var(--radix-dropdown-menu-content-available-width));
  max-height: var(--radix-dropdown-menu-content-available-height);
  overflow-y: auto;
  transform-origin: var(--radix-dropdown-menu-content-transform-origin);
  animation: ${appear} ${motion.short} ${motion.easing};
`;

export const StyledItem = styled(Item)`
  display: flex;
  align-items: center;
  gap: ${space[3]};
  min-height: 40px;
  padding: ${space[2]} ${space[4]};
  color: ${color.text};
  line-height: ${font.lineHeight.tight};
  cursor: pointer;
  user-select: none;
  outline: none;

  > svg {
    color: ${color.textSecondary};
  }
  &[data-tone='danger'],
  &[data-tone='danger'] > svg {
    color: ${color.errorText};
  }
  &[data-highlighted] {
    background: ${color.stateHover};
  }
  /* Keyboard users see where they are even without a pointer. */
  &[data-highlighted]:focus-visible {
    outline: ${theme.focusRing.width} solid ${color.focusRing};
    outline-offset: -2px;
  }
  &[data-disabled],
  &[data-disabled] > svg,
  &[aria-disabled='true'],
  &[aria-disabled='true'] > svg {
    color: ${color.textDisabled};
    cursor: not-allowed;
  }
`;

export const ItemText = styled.span`
  flex: 1;
  min-width: 0;
  overflow-wrap: anywhere;
`;

export const StyledSeparator = styled(Separator)`
  height: 1px;
  margin: ${space[1]} 0;
  background: ${color.border};
`;

export const StyledLabel = styled(Label)`
  padding: ${space[2]} ${space[4]} ${space[1]};
  ${popoverGroupLabel}
`;

/** Why an action is unavailable, under its item; read as the item's description. */
export const ItemReason = styled.div`
  max-width: 280px;
  margin-top: -${space[2]};
  padding: 0 ${space[4]} ${space[2]} 52px;
  color: ${color.textSecondary};
  font-size: ${font.size.xs};
`;
