import { createContext } from 'react';

/** True inside a card's action row: buttons there are elevated (specification: card actions). */
export const ElevatedActionsContext = createContext(false);
