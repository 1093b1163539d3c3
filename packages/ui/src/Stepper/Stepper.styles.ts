import styled, { css } from 'styled-components';
import { theme } from '../theme/theme.ts';
import { visuallyHidden } from '../internal/visuallyHidden.ts';
import { ghostButton } from '../internal/button.styles.ts';

const { color, font, radius, space } = theme;

const vertical = css`
  flex-direction: column;
  gap: 0;

  > li {
    flex-direction: column;
    align-items: stretch;
    gap: 0;
  }
  > li > [data-part='connector'] {
    flex: 0 0 auto;
    width: 2px;
    min-width: 0;
    height: auto;
    min-height: ${space[4]};
    margin: ${space[1]} 0 ${space[1]} 17px;
  }
`;

export const List = styled.ol`
  display: flex;
  align-items: flex-start;
  gap: ${space[2]};
  margin: 0;
  padding: 0;
  list-style: none;

  &[data-orientation='vertical'] {
    ${vertical}
  }
  @media (max-width: 599px) {
    ${vertical}
  }
`;

export const Item = styled.li`
  display: flex;
  align-items: center;
  gap: ${space[2]};
  flex: 1 1 0;
  min-width: 0;

  &:last-child {
    flex: 0 1 auto;
  }
`;

export const Connector = styled.span`
  flex: 1;
  min-width: ${space[4]};
  height: 2px;
  border-radius: 1px;
  background: ${color.border};

  [data-state='complete'] > & {
    background: ${color.primary};
  }
`;

const stepBox = css`
  display: flex;
  align-items: center;
  gap: ${space[3]};
  min-width: 0;
  padding: ${space[1]};
  text-align: start;
`;

export const Static = styled.div`
  ${stepBox}
`;

export const StepButton = styled.button`
  ${stepBox}
  border-radius: ${radius.md};
  ${ghostButton}

  &:hover {
    background-color: ${color.stateHover};
  }
`;

export const Marker = styled.span`
  display: inline-grid;
  place-items: center;
  flex-shrink: 0;
  width: 28px;
  height: 28px;
  border: 2px solid ${color.borderStrong};
  border-radius: ${radius.full};
  color: ${color.textSecondary};
  font-size: ${font.size.sm};
  font-weight: ${font.weight.semibold};

  [data-state='current'] & {
    border-color: ${color.primary};
    color: ${color.primaryText};
  }
  [data-state='complete'] & {
    border-color: ${color.primaryStrong};
    background: ${color.primaryStrong};
    color: ${color.onPrimary};
  }
  [data-state='error'] & {
    border-color: ${color.errorStrong};
    background: ${color.errorStrong};
    color: ${color.onError};
  }
`;

export const Text = styled.span`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

export const Label = styled.span`
  color: ${color.textSecondary};
  font-size: ${font.size.sm};
  font-weight: ${font.weight.medium};
  line-height: ${font.lineHeight.tight};
  overflow-wrap: anywhere;

  [data-state='current'] &,
  [data-state='complete'] & {
    color: ${color.text};
  }
  [data-state='current'] & {
    font-weight: ${font.weight.semibold};
  }
  [data-state='error'] & {
    color: ${color.errorText};
  }
`;

export const Description = styled.span`
  color: ${color.textSecondary};
  font-size: ${font.size.xs};
  overflow-wrap: anywhere;
`;

export const Hidden = styled.span`
  ${visuallyHidden}
`;
