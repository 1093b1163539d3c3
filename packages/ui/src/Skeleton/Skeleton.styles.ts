import styled, { keyframes } from 'styled-components';
import { theme } from '../theme/theme.ts';
import { visuallyHidden } from '../internal/visuallyHidden.ts';

const { color, radius, space } = theme;

const shimmer = keyframes`
  from {
    background-position: 100% 0;
  }
  to {
    background-position: -100% 0;
  }
`;

export const Shape = styled.span`
  display: block;
  max-width: 100%;
  background-color: ${color.statePressed};
  background-image: linear-gradient(
    90deg,
    transparent 0%,
    ${color.stateHover} 50%,
    transparent 100%
  );
  background-size: 200% 100%;
  background-repeat: no-repeat;
  border-radius: ${radius.sm};
  animation: ${shimmer} 1.6s linear infinite;

  &[data-variant='text'] {
    height: 0.8em;
    margin-block: 0.35em;
  }
  &[data-variant='circle'] {
    flex-shrink: 0;
    border-radius: ${radius.full};
  }

  @media (prefers-reduced-motion: reduce) {
    animation: none;
    background-image: none;
  }
`;

export const Lines = styled.span`
  display: flex;
  flex-direction: column;
`;

export const Group = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space[2]};
`;

export const HiddenLabel = styled.span`
  ${visuallyHidden}
`;
