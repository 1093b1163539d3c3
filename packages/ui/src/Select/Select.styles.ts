import styled, { css } from 'styled-components';
import { Label, Root } from '../internal/field.styles.ts';
import {
  Content,
  Item,
  ItemIndicator,
  ScrollDownButton,
  ScrollUpButton,
  Trigger,
  Viewport,
} from '@radix-ui/react-select';
import { theme } from '../theme/theme.ts';
import { popoverSurface } from '../internal/popover.styles.ts';

const { color, font, radius, space, focusRing } = theme;

/** A toolbar's filter: the label beside the field, as the table's own filters have it. */
export const InlineRoot = styled(Root)`
  flex-direction: row;
  align-items: center;
  gap: ${space[2]};
`;

export const InlineLabel = styled(Label)`
  color: ${color.textSecondary};
  white-space: nowrap;
`;

const compact = css`
  min-height: 32px;
  padding: 0 ${space[1]} 0 ${space[2]};
  font-size: ${font.size.sm};
`;

export const StyledTrigger = styled(Trigger)<{ $compact?: boolean }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space[2]};
  width: 100%;
  min-height: 40px;
  padding: ${space[2]} ${space[2]} ${space[2]} ${space[3]};
  border: 1px solid ${color.borderStrong};
  border-radius: ${radius.sm};
  background: ${color.surface};
  color: ${color.text};
  font-size: ${font.size.md};
  line-height: ${font.lineHeight.tight};
  text-align: start;
  cursor: pointer;

  > span:first-child {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  &[data-placeholder] > span:first-child {
    color: ${color.textSecondary};
  }
  > span:last-child {
    display: flex;
    flex-shrink: 0;
    color: ${color.textSecondary};
  }
  &:hover:not(:disabled) {
    border-color: ${color.text};
  }
  &:focus-visible,
  &[data-state='open'] {
    border-color: ${color.focusRing};
    outline: ${focusRing.width} solid ${color.focusRing};
    outline-offset: -1px;
  }
  &[aria-invalid='true'] {
    border-color: ${color.errorText};
    outline-color: ${color.errorText};
  }
  &:disabled {
    border-color: ${color.border};
    color: ${color.textDisabled};
    cursor: not-allowed;
  }
  &:disabled > span {
    color: ${color.textDisabled};
  }
  ${({ $compact }) => ($compact ? compact : '')}
`;

export const StyledContent = styled(Content)`
  ${popoverSurface}
  width: var(--radix-select-trigger-width);
  max-height: min(360px, var(--radix-select-content-available-height));
  overflow: hidden;
`;

export const StyledViewport = styled(Viewport)`
  padding: 0;
`;

export const StyledItem = styled(Item)`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-height: 40px;
  justify-content: center;
  padding: ${space[2]} ${space[8]} ${space[2]} ${space[4]};
  color: ${color.text};
  font-size: ${font.size.sm};
  line-height: ${font.lineHeight.tight};
  cursor: pointer;
  user-select: none;
  outline: none;
  overflow-wrap: anywhere;

  &[data-highlighted] {
    background: ${color.stateHover};
  }
  &[data-highlighted]:focus-visible {
    outline: ${focusRing.width} solid ${color.focusRing};
    outline-offset: -2px;
  }
  &[data-state='checked'] {
    color: ${color.primaryText};
    font-weight: ${font.weight.semibold};
  }
  &[data-disabled] {
    color: ${color.textDisabled};
    cursor: not-allowed;
  }
`;

export const ItemDescription = styled.span`
  color: ${color.textSecondary};
  font-size: ${font.size.xs};
  font-weight: ${font.weight.regular};

  [data-disabled] > & {
    color: ${color.textDisabled};
  }
`;

export const StyledIndicator = styled(ItemIndicator)`
  position: absolute;
  top: 50%;
  right: ${space[2]};
  display: flex;
  transform: translateY(-50%);
`;

export const ScrollUp = styled(ScrollUpButton)`
  display: flex;
  justify-content: center;
  color: ${color.textSecondary};
`;

export const ScrollDown = styled(ScrollDownButton)`
  display: flex;
  justify-content: center;
  color: ${color.textSecondary};
`;
