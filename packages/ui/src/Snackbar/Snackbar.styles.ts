import styled, { keyframes } from 'styled-components';
import { theme } from '../theme/theme.ts';

const { kind, font, radius, space, elevation, motion, z, layout } = theme;

const enter = keyframes`
  from {
    opacity: 0;
    transform: translateY(-8px);
  }
`;

/** Top right, under the app bar: never over the account area and sign-out. */
export const Root = styled.div`
  position: fixed;
  top: calc(${layout.appBarHeight} + ${space[2]});
  right: ${space[4]};
  z-index: ${z.snackbar};
  display: flex;
  align-items: center;
  gap: ${space[3]};
  width: max-content;
  max-width: min(480px, calc(100vw - 2 * ${space[4]}));
  min-height: 48px;
  padding: ${space[2]} ${space[2]} ${space[2]} ${space[4]};
  border-radius: ${radius.sm};
  box-shadow: ${elevation[4]};
  background: var(--_fill);
  color: var(--_on);
  font-size: ${font.size.sm};
  font-weight: ${font.weight.medium};
  line-height: ${font.lineHeight.normal};
  animation: ${enter} ${motion.medium} ${motion.easing};

  ${(['success', 'error', 'warning', 'info'] as const).map(
    (k) => `
      &[data-color='${k}'] {
        --_fill: ${kind[k].strong};
        --_on: ${kind[k].on};
      }
    `,
  )}
`;

export const Message = styled.div`
  flex: 1;
  min-width: 0;
  overflow-wrap: anywhere;
`;
