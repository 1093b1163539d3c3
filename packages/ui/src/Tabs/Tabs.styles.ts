import styled from 'styled-components';
import { List, Trigger, Content } from '@radix-ui/react-tabs';
import { theme } from '../theme/theme.ts';

const { color, font, space, motion } = theme;

export const StyledList = styled(List)`
  display: flex;
  overflow-x: auto;
  overscroll-behavior-x: contain;
  scroll-padding-inline: ${space[6]};
  scrollbar-width: thin;
  border-bottom: 1px solid ${color.border};
  /* Room for the focus ring of the first and last tab. */
  padding: ${space[1]} ${space[1]} 0;
`;

export const StyledTrigger = styled(Trigger)`
  position: relative;
  display: inline-flex;
  flex-shrink: 0;
  align-items: center;
  gap: ${space[2]};
  min-height: 44px;
  padding: 0 ${space[4]};
  border: 0;
  border-radius: 0;
  background: transparent;
  color: ${color.textSecondary};
  font-size: ${font.size.sm};
  font-weight: ${font.weight.semibold};
  white-space: nowrap;
  cursor: pointer;
  transition: color ${motion.short} ${motion.easing};

  &::after {
    content: '';
    position: absolute;
    inset: auto 0 0;
    height: 3px;
    border-radius: 3px 3px 0 0;
    background: transparent;
  }
  &:hover:not(:disabled) {
    background-color: ${color.stateHover};
    color: ${color.text};
  }
  &[data-state='active'] {
    color: ${color.primaryText};
  }
  &[data-state='active']::after {
    background: ${color.primary};
  }
  &:focus-visible {
    outline-offset: -2px;
  }
  &:disabled {
    color: ${color.textDisabled};
    cursor: not-allowed;
  }
`;

export const StyledContent = styled(Content)`
  padding-block: ${space[4]};

  &:focus-visible {
    outline-offset: 2px;
  }
`;
