import styled from 'styled-components';
import { theme } from '../theme/theme.ts';
import { ghostButton } from '../internal/button.styles.ts';

const { color, radius } = theme;

export const StyledIconButton = styled.button`
  display: inline-grid;
  place-items: center;
  flex-shrink: 0;
  width: 40px;
  height: 40px;
  padding: 0;
  border-radius: ${radius.full};
  ${ghostButton}

  &[data-size='small'] {
    width: 32px;
    height: 32px;
  }
  &:hover:not(:disabled, [aria-disabled='true']) {
    background-color: ${color.stateHover};
  }
  &:active:not(:disabled, [aria-disabled='true']) {
    background-color: ${color.statePressed};
  }
  &[aria-pressed='true'] {
    background-color: ${color.primaryContainer};
    color: ${color.onPrimaryContainer};
  }
  &[aria-pressed='true']:hover:not(:disabled, [aria-disabled='true']) {
    background-image: linear-gradient(${color.stateHover}, ${color.stateHover});
  }
  &:is(:disabled, [aria-disabled='true']) {
    color: ${color.textDisabled};
    cursor: not-allowed;
  }
`;
