// The architecture's import rules, checked by lint so that it cannot rot (docs/architecture.md).
// Imports only point down: portal → api/ui/icons, server → the api contract and domain, ui never
// → api. An area reaches another area only through that area's public files; a simulated driver
// never reads the portal's own tables.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import importX from 'eslint-plugin-import-x';

const root = import.meta.dirname;
const foldersIn = (dir) =>
  existsSync(join(root, dir))
    ? readdirSync(join(root, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

/** What one area may import from another: its public surface, nothing inside. */
const PORTAL_PUBLIC = [
  'index.ts',
  'index.tsx',
  'manifest.ts',
  'manifest.tsx',
  'permission.ts',
  'queries.ts',
];
const SERVER_PUBLIC = ['index.ts'];

function areaZones(base, publicFiles, message) {
  return foldersIn(base).map((area) => ({
    target: `${base}/${area}/**`,
    from: `${base}/!(${area})/**`,
    except: publicFiles.map((file) => `**/${base}/*/${file}`),
    message,
  }));
}

const zones = [
  ...areaZones(
    'apps/portal/src/areas',
    PORTAL_PUBLIC,
    'An area imports another area only through its index.ts, manifest.ts, permission.ts or queries.ts; move shared pieces to src/kit or src/lib.',
  ),
  {
    target: 'apps/portal/src/{kit,lib,state}/**',
    from: 'apps/portal/src/areas/**',
    message: 'The kit, lib and state sit below the areas: they never import an area.',
  },
  ...areaZones(
    'apps/server/src/areas',
    SERVER_PUBLIC,
    'A server area imports another area only through its index.ts.',
  ),
  {
    target: 'apps/server/src/areas/*/drivers/**',
    from: 'apps/server/src/areas/*/repository{,.ts,/**}',
    message:
      "A driver reports facts; it never reads or writes the portal's tables (the task's apply step does).",
  },
  {
    target: 'apps/server/src/platform/**',
    from: 'apps/server/src/areas/**',
    message: 'The platform sits below the areas: it never imports an area.',
  },
  {
    target: ['apps/server/src/*.ts', 'apps/server/src/!(areas|platform)/**'],
    from: 'apps/server/src/areas/*/**',
    message:
      'Outside the areas the server knows them only as the list in areas/index.ts: describe what an area brings in its descriptor (platform/area.ts).',
  },
  {
    target: ['packages/**', 'apps/server/**'],
    from: 'apps/portal/**',
    message: 'Packages and the server never import the portal.',
  },
];

const restricted = (patterns) => ['error', { patterns }];

export const layers = [
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] },
  },
  {
    files: ['packages/ui/**/*.{ts,tsx}', 'packages/icons/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restricted([
        {
          group: ['@portal/api', '@portal/api/*'],
          message: 'The design system knows nothing of the API: pass data in through props.',
        },
        {
          // A sibling component by its own file (../Button/Button.tsx); what two components share
          // lives in internal/, not in one of them.
          regex: '^\\.\\./([A-Z][A-Za-z]*)/(?!\\1\\.tsx$)',
          caseSensitive: true,
          message:
            "A component uses a sibling's public file only: move what they share to internal/.",
        },
      ]),
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': restricted([
        {
          regex: '^@portal/api(?!/(contract|domain)$)',
          message: 'The server imports only the contract and the domain rules from packages/api.',
        },
        {
          group: ['@portal/ui', '@portal/ui/*', '@portal/icons', '@portal/icons/*'],
          message: 'The server never imports front-end packages.',
        },
      ]),
    },
  },
];
