import styled, { css } from 'styled-components';
import { theme } from '../theme/theme.ts';

const { color, font, radius, space, elevation, motion } = theme;

const overlay = (tint: string) => `linear-gradient(${tint}, ${tint})`;

/**
 * A button without a fill of its own (icon buttons, the stepper's steps, segments): it takes
 * its colour from around it and shows hover and press as a tint.
 */
export const ghostButton = css`
  border: 0;
  background: transparent;
  color: inherit;
  cursor: pointer;
  transition: background-color ${motion.short} ${motion.easing};
`;

/**
 * Look of every button, selected by attributes: `data-variant`, `data-size`, `data-tone`,
 * `data-elevated`. Shared by `Button` (a `<button>`) and `LinkButton` (an `<a>`).
 */
export const buttonStyles = css`
  --_fill: transparent;
  --_ink: ${color.text};
  --_outline: transparent;

  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${space[2]};
  min-height: 40px;
  padding: 0 ${space[4]};
  border: 1px solid var(--_outline);
  border-radius: ${radius.md};
  background-color: var(--_fill);
  color: var(--_ink);
  font-family: inherit;
  font-size: ${font.size.sm};
  font-weight: ${font.weight.semibold};
  line-height: ${font.lineHeight.tight};
  letter-spacing: 0.01em;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  user-select: none;
  transition:
    background-color ${motion.short} ${motion.easing},
    box-shadow ${motion.short} ${motion.easing};

  &:hover:not(:disabled, [aria-disabled='true']) {
    background-image: ${overlay(color.stateHover)};
  }
  &:active:not(:disabled, [aria-disabled='true']) {
    background-image: ${overlay(color.statePressed)};
  }

  &[data-variant='primary'] {
    --_fill: ${color.primaryStrong};
    --_ink: ${color.onPrimary};
  }
  &[data-variant='secondary'] {
    --_fill: ${color.secondaryFill};
    --_ink: ${color.onSecondaryFill};
    /* The grey fill is under 3:1 on light surfaces: a solid 3:1 boundary marks it as a control. */
    --_outline: ${color.borderStrong};
  }
  &[data-variant='outlined'] {
    --_ink: ${color.primaryText};
    --_outline: ${color.primary};
  }
  &[data-variant='outlined'][data-tone='secondary'] {
    --_ink: ${color.secondaryText};
    --_outline: ${color.borderStrong};
  }
  &[data-variant='text'] {
    --_ink: ${color.primaryText};
    padding-inline: ${space[3]};
  }
  &[data-variant='text'][data-tone='secondary'] {
    --_ink: ${color.secondaryText};
  }
  &[data-variant='danger'] {
    --_fill: ${color.errorStrong};
    --_ink: ${color.onError};
  }

  &[data-size='small'] {
    min-height: 32px;
    padding-inline: ${space[3]};
    gap: 6px;
  }
  &[data-size='small'][data-variant='text'] {
    padding-inline: ${space[2]};
  }
  &[data-size='large'] {
    min-height: 48px;
    padding-inline: ${space[6]};
    font-size: ${font.size.md};
  }

  &[data-elevated='true'] {
    box-shadow: ${elevation[1]};
  }
  &[data-elevated='true']:is([data-variant='outlined'], [data-variant='text']) {
    --_fill: ${color.surfaceRaised};
  }
  &[data-elevated='true']:hover:not(:disabled, [aria-disabled='true']) {
    box-shadow: ${elevation[2]};
  }

  &[aria-busy='true'] {
    cursor: progress;
  }
  /*
   * Disabled (natively, or with a reason through aria-disabled): no fill, a dashed decorative
   * border and disabled text, so it never reads as the grey secondary button or an outlined one,
   * whose borders are solid and 3:1.
   */
  &:is(:disabled, [aria-disabled='true']):not([aria-busy='true']) {
    --_fill: transparent;
    --_ink: ${color.textDisabled};
    --_outline: ${color.border};
    border-style: dashed;
    cursor: not-allowed;
    box-shadow: none;
  }
  &:is(:disabled, [aria-disabled='true']):not([aria-busy='true'])[data-variant='text'] {
    --_outline: transparent;
  }
`;

export const StyledButton = styled.button`
  ${buttonStyles}
`;

export const Label = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
`;
