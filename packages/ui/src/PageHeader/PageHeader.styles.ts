import styled from 'styled-components';
import { Link } from '../Link/Link.tsx';
import { theme } from '../theme/theme.ts';

const { color, font, space, radius, focusRing } = theme;

export const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space[2]};
  margin-bottom: ${space[6]};
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space[3]} ${space[4]};
`;

export const Title = styled.h1`
  margin: 0;
  min-width: 0;
  font-size: ${font.size['2xl']};
  font-weight: ${font.weight.bold};
  line-height: ${font.lineHeight.tight};
  overflow-wrap: anywhere;
`;

export const Description = styled.p`
  margin: 0;
  max-width: 72ch;
  color: ${color.textSecondary};
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space[2]};
`;

export const Back = styled.div`
  display: flex;
`;

export const Crumbs = styled.ol`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${color.textSecondary};
  font-size: ${font.size.sm};
`;

export const Crumb = styled.li`
  display: inline-flex;
  align-items: center;
  min-width: 0;
  overflow-wrap: anywhere;

  & + &::before {
    /* Decoration only: not read out. */
    content: '/' / '';
    padding-inline: ${space[2]};
    color: ${color.textSecondary};
  }
  & > [aria-current='page'] {
    color: ${color.text};
  }
`;

/** Through `Link`, so the `LinkProvider`'s router renders it. */
export const CrumbLink = styled(Link)`
  border-radius: ${radius.sm};
  color: ${color.primaryText};
  text-decoration: underline;
  text-underline-offset: 2px;

  &:hover {
    text-decoration-thickness: 2px;
  }
  &:focus-visible {
    outline: ${focusRing.width} solid ${color.focusRing};
    outline-offset: ${focusRing.offset};
  }
`;
