// The phone layout's cards: loaded with CardList, only when the phone media query matches.
import styled from 'styled-components';
import { theme } from '../theme/theme.ts';
import { CellContent } from './DataTable.styles.ts';

const { color, font, radius, space } = theme;

/** Phone layout: the rows as a list of cards. */
export const CardList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${space[2]};
  margin: 0;
  padding: 0 ${space[3]} ${space[3]};
  list-style: none;
`;

export const RowCard = styled.li`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${space[2]};
  padding: ${space[3]};
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.surface};

  &[data-clickable='true'] {
    cursor: pointer;
  }
  &[data-clickable='true']:active,
  &[aria-busy='true'] {
    background: ${color.stateHover};
    box-shadow: inset 3px 0 0 ${color.primary};
  }
  &[data-selected='true'] {
    border-color: ${color.primary};
    background: ${color.primaryContainer};
  }
`;

export const CardHeader = styled.div`
  display: flex;
  align-items: center;
  gap: ${space[2]};
  min-width: 0;
`;

export const CardTitle = styled.h3`
  flex: 1;
  min-width: 0;
  margin: 0;
  font-size: ${font.size.md};
  font-weight: ${font.weight.semibold};
  line-height: ${font.lineHeight.tight};
  overflow-wrap: anywhere;
`;

/** The card's title as a button when rows open: the keyboard's way in. */
export const CardOpen = styled.button`
  display: inline;
  padding: 0;
  border: 0;
  border-radius: ${radius.sm};
  background: none;
  color: ${color.primaryText};
  font: inherit;
  text-align: start;
  text-decoration: underline;
  text-underline-offset: 2px;
  cursor: pointer;
`;

export const CardFields = styled.dl`
  display: grid;
  grid-template-columns: minmax(96px, max-content) minmax(0, 1fr);
  gap: ${space[1]} ${space[3]};
  margin: 0;

  dt {
    color: ${color.textSecondary};
  }
  dd {
    min-width: 0;
    margin: 0;
    overflow-wrap: anywhere;
  }
  /* A table cuts a long value to one line; a card has the room to show all of it. */
  dd ${CellContent} {
    display: block;
    margin: 0;
    padding: 0;
    white-space: normal;
    overflow-wrap: anywhere;
  }
`;

export const CardNote = styled.p`
  margin: 0;
  padding: 0 ${space[4]} ${space[3]};
  color: ${color.textSecondary};
`;
