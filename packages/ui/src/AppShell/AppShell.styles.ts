import styled from 'styled-components';
import { Link } from '../Link/Link.tsx';
import { theme } from '../theme/theme.ts';
import { visuallyHidden } from '../internal/visuallyHidden.ts';

const { color, font, radius, space, elevation, motion, layout, z } = theme;

/** Below 720px the drawer is an overlay; from 720px it is docked (open, or an icon rail). */
export const NARROW_QUERY = '(max-width: 719.98px)';
const WIDE_QUERY = '(min-width: 720px)';

export const Root = styled.div`
  --_nav-width: ${layout.drawerWidth};

  display: grid;
  grid-template-columns: var(--_nav-width) minmax(0, 1fr);
  grid-template-rows: ${layout.appBarHeight} 1fr;
  grid-template-areas:
    'bar bar'
    'nav main';
  min-height: 100vh;
  min-height: 100dvh;
  background: ${color.background};
  color: ${color.text};
  transition: grid-template-columns ${motion.medium} ${motion.easing};

  &[data-drawer='rail'] {
    --_nav-width: ${layout.drawerRailWidth};
  }

  @media ${NARROW_QUERY} {
    grid-template-columns: minmax(0, 1fr);
    grid-template-areas:
      'bar'
      'main';
  }
`;

export const SkipLink = styled.a`
  position: fixed;
  top: ${space[2]};
  left: ${space[2]};
  z-index: calc(${z.snackbar} + 1);
  padding: ${space[2]} ${space[4]};
  border-radius: ${radius.md};
  background: ${color.primaryStrong};
  color: ${color.onPrimary};
  font-weight: ${font.weight.semibold};
  text-decoration: none;
  transform: translateY(calc(-100% - ${space[4]}));

  &:focus-visible {
    transform: none;
  }
`;

export const AppBar = styled.header`
  grid-area: bar;
  position: sticky;
  top: 0;
  z-index: ${z.appBar};
  display: flex;
  align-items: center;
  gap: ${space[2]};
  min-width: 0;
  padding: 0 ${space[3]};
  border-bottom: 1px solid ${color.border};
  background: ${color.surface};
  color: ${color.text};
`;

export const Title = styled.div`
  display: flex;
  flex-shrink: 0;
  align-items: center;
  min-width: 0;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
  font-size: ${font.size.lg};
  font-weight: ${font.weight.semibold};
`;

/**
 * On a narrow screen the bar's actions give way, not the title (the brand keeps its name): those
 * that can shrink (a tenant switcher cuts its value with an ellipsis) do.
 */
export const BarActions = styled.div`
  display: flex;
  flex-shrink: 1;
  min-width: 0;
  justify-content: flex-end;
  align-items: center;
  gap: ${space[2]};
  margin-inline-start: auto;
`;

/** The scope control (a tenant switcher) at the top of the drawer on a phone. */
export const DrawerScope = styled.div`
  padding: ${space[2]} ${space[4]} ${space[3]};
  margin-bottom: ${space[2]};
  border-bottom: 1px solid ${color.border};
`;

export const Drawer = styled.nav`
  grid-area: nav;
  position: sticky;
  top: ${layout.appBarHeight};
  height: calc(100vh - ${layout.appBarHeight});
  height: calc(100dvh - ${layout.appBarHeight});
  /* Scrolls on its own, so the last section stays reachable on short screens. */
  overflow: hidden auto;
  overscroll-behavior: contain;
  align-self: start;
  padding: ${space[2]} 0 ${space[4]};
  border-right: 1px solid ${color.border};
  background: ${color.surface};
  scrollbar-width: thin;

  @media ${NARROW_QUERY} {
    position: fixed;
    left: 0;
    bottom: 0;
    z-index: ${z.drawer};
    width: min(calc(${layout.drawerWidth} + 40px), 85vw);
    height: auto;
    box-shadow: ${elevation[3]};
    transform: translateX(-100%);
    visibility: hidden;
    transition:
      transform ${motion.medium} ${motion.easing},
      visibility 0s linear ${motion.medium};

    [data-overlay='open'] > & {
      transform: none;
      visibility: visible;
      transition: transform ${motion.medium} ${motion.easing};
    }
  }
`;

export const Backdrop = styled.div`
  position: fixed;
  inset: ${layout.appBarHeight} 0 0 0;
  z-index: calc(${z.drawer} - 1);
  background: ${color.scrim};

  @media ${WIDE_QUERY} {
    display: none;
  }
`;

export const Section = styled.div`
  & + & {
    margin-top: ${space[2]};
  }

  @media ${WIDE_QUERY} {
    [data-drawer='rail'] & + & {
      margin: ${space[2]} ${space[3]} 0;
      padding-top: ${space[2]};
      border-top: 1px solid ${color.border};
    }
  }
`;

export const SectionHeading = styled.h2`
  margin: 0;
  padding: ${space[3]} ${space[5]} ${space[1]};
  font-size: ${font.size.xs};
  font-weight: ${font.weight.semibold};
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${color.textSecondary};
  white-space: nowrap;

  @media ${WIDE_QUERY} {
    [data-drawer='rail'] & {
      ${visuallyHidden}
    }
  }
`;

export const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 2px;
  margin: 0;
  padding: 0 ${space[2]};
  list-style: none;
`;

/** Through `Link`, so the `LinkProvider`'s router renders it. */
export const ItemLink = styled(Link)`
  display: flex;
  align-items: center;
  gap: ${space[4]};
  min-height: 44px;
  padding: 0 ${space[3]};
  border-radius: ${radius.md};
  color: ${color.text};
  font-size: ${font.size.sm};
  font-weight: ${font.weight.medium};
  text-decoration: none;
  white-space: nowrap;

  svg {
    color: ${color.textSecondary};
  }
  &:hover {
    background: ${color.stateHover};
  }
  &[aria-current='page'] {
    background: ${color.primaryContainer};
    color: ${color.onPrimaryContainer};
    font-weight: ${font.weight.semibold};
  }
  &[aria-current='page'] svg {
    color: inherit;
  }
  &:focus-visible {
    outline-offset: -2px;
  }

  @media ${WIDE_QUERY} {
    [data-drawer='rail'] & {
      justify-content: center;
      padding: 0;
    }
  }
`;

export const ItemLabel = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;

  @media ${WIDE_QUERY} {
    [data-drawer='rail'] & {
      ${visuallyHidden}
    }
  }
`;

export const Main = styled.main`
  grid-area: main;
  min-width: 0;
  padding: ${space[6]};

  &:focus {
    outline: none;
  }

  @media ${NARROW_QUERY} {
    padding: ${space[4]};
  }
`;
