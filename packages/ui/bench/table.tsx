// The page `npm run bench:table` builds and drives: the virtualized DataTable with 10,000 rows,
// plus in-page probes that time rendering, searching and scrolling (see scripts/bench-table.mjs).
import '../src/theme/styles.css';
import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { DataTable, type DataTableColumn } from '../src/DataTable/index.ts';
import { makeVms, type VmRow } from '../src/DataTable/fixtures.ts';
import { SearchIndex, searchTerms } from '../src/DataTable/tableModel.ts';
import { ThemeProvider } from '../src/theme/index.ts';

const columns: DataTableColumn<VmRow>[] = [
  {
    id: 'name',
    header: 'Name',
    accessor: 'name',
    width: 'minmax(160px, 1.4fr)',
    cell: (vm) => <a href={`#${vm.id}`}>{vm.name}</a>,
  },
  { id: 'status', header: 'Status', accessor: 'status', filter: 'select', width: 140 },
  { id: 'power', header: 'Power', accessor: 'power', width: 112 },
  { id: 'os', header: 'OS', accessor: 'os', width: 'minmax(160px, 1fr)' },
  { id: 'vcpu', header: 'vCPU', accessor: 'vcpu', align: 'end', width: 100 },
  { id: 'memory', header: 'Memory', accessor: 'memoryGb', align: 'end', width: 124 },
  { id: 'location', header: 'Location', accessor: 'location', width: 132 },
  { id: 'ip', header: 'IP address', accessor: 'ip', width: 132 },
];
const data = makeVms(10_000);
const getRowId = (vm: VmRow) => vm.id;

/** After the next frame has been painted. */
const afterPaint = () =>
  new Promise<number>((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    }),
  );

const grid = () => {
  const element = document.querySelector<HTMLElement>('[role="grid"]');
  if (!element) throw new Error('no grid');
  return element;
};

// An index built the same way as the table's, to know how many rows a search should leave.
const expectedIndex = new SearchIndex(columns, data);
const countMatches = (query: string) => {
  const terms = searchTerms(query);
  return data.filter((row, i) => terms.every((t) => expectedIndex.text(row, i).includes(t))).length;
};

const probes = {
  firstRender: undefined as number | undefined,
  countMatches,
  /** Resolves with ms from the next keydown to the frame showing `expected` rows. */
  timeNextSearch(expected: number): Promise<number> {
    return new Promise((resolve) => {
      let start = 0;
      const onKeyDown = () => {
        start = performance.now();
      };
      window.addEventListener('keydown', onKeyDown, { capture: true, once: true });
      const observer = new MutationObserver(() => {
        if (!start || grid().getAttribute('aria-rowcount') !== String(expected + 1)) return;
        observer.disconnect();
        void afterPaint().then((end) => resolve(end - start));
      });
      observer.observe(grid(), { attributes: true, attributeFilter: ['aria-rowcount'] });
    });
  },
  /** Scrolls the body at `pxPerSecond` for `ms`; resolves with every frame's duration. */
  scroll(ms: number, pxPerSecond: number): Promise<number[]> {
    const scroller = grid().parentElement;
    if (!scroller) throw new Error('no scroller');
    scroller.scrollTop = 0;
    return new Promise((resolve) => {
      const deltas: number[] = [];
      requestAnimationFrame((first) => {
        let last = first;
        const step = (now: number) => {
          deltas.push(now - last);
          last = now;
          scroller.scrollTop = ((now - first) / 1000) * pxPerSecond;
          if (now - first < ms) requestAnimationFrame(step);
          else resolve(deltas);
        };
        requestAnimationFrame(step);
      });
    });
  },
  renderedRows: () => grid().querySelectorAll('tbody [role="row"]').length,
};

declare global {
  interface Window {
    bench: typeof probes;
  }
}
window.bench = probes;

function Bench({ onCommit }: { onCommit: () => void }) {
  useLayoutEffect(onCommit, [onCommit]);
  return (
    <ThemeProvider>
      <DataTable
        caption="Virtual machines"
        data={data}
        columns={columns}
        getRowId={getRowId}
        virtualized
        height={600}
        selectable
      />
    </ThemeProvider>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
const start = performance.now();
createRoot(root).render(
  <Bench
    onCommit={() => {
      void afterPaint().then((end) => {
        if (probes.renderedRows() > 0) probes.firstRender = end - start;
      });
    }}
  />,
);
