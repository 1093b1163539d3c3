import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the portal proxies /api to a running server (npm run dev starts both).
const apiTarget = process.env.PORTAL_API_URL ?? 'http://127.0.0.1:8080';

// A list page's modules (ids with forward slashes): see `codeSplitting` below.
const LIST_MODULES = new RegExp(
  [
    'packages/ui/src/DataTable/(?!CardList|csv|RowActionsMenu)',
    'packages/ui/src/(PageHeader|EmptyState)/',
    'node_modules/.*(@tanstack/(table-core|react-table|store|react-store)|use-sync-external-store)/',
    'apps/portal/src/kit/(ListPage|prevSearch|useStoredColumns|useDebounced|CreateLink|vm/)',
    'packages/api/src/(domain/compute|contract/compute-values)\\.',
  ].join('|'),
);

// The signed-in frame's modules: see `codeSplitting` below.
const FRAME_MODULES = new RegExp(
  [
    'node_modules/.*(@tanstack/(query-core|react-query)|/ky)/',
    'packages/ui/src/(AppShell|ThemeToggle|Skeleton|StatusChip)/',
    'packages/ui/src/TaskCentre/TaskCentre\\.',
    'packages/ui/src/internal/useMediaQuery',
    'apps/portal/src/layout/MainLayout',
    'apps/portal/src/kit/(query|queryError|useTaskAction|PendingCreations)\\.',
    'apps/portal/src/kit/tasks/(AppTaskCentre|queries)\\.',
    'apps/portal/src/state/(tasks|permissions)\\.',
    'apps/portal/src/lib/format',
    'apps/portal/src/areas/account/queries\\.',
    'packages/api/src/client/(tasks|backup|compute|account)\\.',
  ].join('|'),
);

// The text fields' modules (ids with forward slashes): see `codeSplitting` below.
const FIELD_MODULES = new RegExp(
  [
    'packages/ui/src/(TextField|Alert)/(TextField|Alert)\\.',
    'packages/ui/src/internal/(FieldMessages|InputField|feedbackIcons)\\.',
  ].join('|'),
);

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORTAL_DEV_PORT ?? 5173),
    proxy: { '/api': { target: apiTarget, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // Every browser the portal supports (es2022) preloads modules natively: no polyfill.
    modulePreload: { polyfill: false },
    // The entry holds React, the router and Firebase Auth; what counts is the gzipped total
    // before a page is interactive, which `npm run bench:bundle` measures against its budget.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // @mdi/js is one module: without inlining, every icon of the app lands in the first chunk.
      // Inlined, each icon's path travels with the code that draws it.
      optimization: { inlineConst: { mode: 'all', pass: 1 } },
      output: {
        codeSplitting: {
          groups: [
            // What every page runs (React, the router, the app shell…) in one file, not the
            // several small ones automatic chunking makes: each file costs its own gzip start.
            {
              name: 'index',
              tags: ['$initial'],
              priority: 20,
              includeDependenciesRecursively: false,
            },
            // The signed-in frame in one file: the server-state cache (TanStack Query) every
            // signed-in page reads through, ky, the app bar and drawer, the task centre and what
            // they import. Not on the sign-in page, not with the table; one file rather than eight
            // saved 3.6 KB gzipped before /compute is interactive.
            {
              name: 'frame',
              test: (id: string) => FRAME_MODULES.test(id.replaceAll('\\', '/')),
              priority: 15,
              includeDependenciesRecursively: false,
            },
            // The text fields, their messages and the alert in one file: the sign-in page and every
            // form need them together, and seven small files each cost their own gzip start.
            {
              name: 'fields',
              test: (id: string) => FIELD_MODULES.test(id.replaceAll('\\', '/')),
              priority: 12,
              includeDependenciesRecursively: false,
            },
            // A list page's code in one file too: the table (not its phone cards, CSV writer or row
            // menu, which load on use), the kit's list page and what every list reads with.
            {
              name: 'list',
              test: (id: string) => LIST_MODULES.test(id.replaceAll('\\', '/')),
              priority: 10,
              includeDependenciesRecursively: false,
            },
          ],
        },
        // Area chunks carry their area's name, so tests and benchmarks can tell what a page loads.
        chunkFileNames: (chunk) => {
          const area = chunk.facadeModuleId?.match(/\/areas\/([\w-]+)\//)?.[1];
          return `assets/${area ? `area-${area}` : '[name]'}-[hash].js`;
        },
      },
    },
  },
});
