export { StatTile, StatGrid } from './StatTile.tsx';
export type { StatTileProps, StatTone } from './StatTile.tsx';
