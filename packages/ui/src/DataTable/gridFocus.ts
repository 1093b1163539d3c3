/** A cell of the grid: `row` -1 is the header row, then positions in the row model; `col` counts visible columns. */
export interface CellPosition {
  row: number;
  col: number;
}

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

const cellAt = (grid: HTMLElement, { row, col }: CellPosition) =>
  grid.querySelector<HTMLElement>(`[data-ri="${row}"] > [data-ci="${col}"]`);

/** A cell's first widget (link, button, checkbox) takes focus in its place, as in the ARIA grid pattern. */
const focusTargetOf = (cell: HTMLElement) =>
  cell.querySelector<HTMLElement>('a[href], button, input, select, textarea') ?? cell;

/**
 * Roving tab stop: every focusable element in the grid (cells, and widgets that cells render,
 * links included) leaves the tab order except the active cell's target. Cheap: only rendered rows.
 * Returns the target.
 */
export function syncTabStops(grid: HTMLElement, active: CellPosition): HTMLElement | null {
  const cell = cellAt(grid, active);
  const target = cell ? focusTargetOf(cell) : null;
  for (const element of grid.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (element !== target && element.tabIndex !== -1) element.tabIndex = -1;
  }
  if (target && target.tabIndex !== 0) target.tabIndex = 0;
  return target;
}

/** The grid position of the cell holding `target`, if any. */
export function positionOf(target: EventTarget | null): CellPosition | null {
  if (!(target instanceof Element)) return null;
  const cell = target.closest<HTMLElement>('[data-ci]');
  const row = cell?.parentElement?.dataset.ri;
  if (!cell || row === undefined) return null;
  return { row: Number(row), col: Number(cell.dataset.ci) };
}
