// Bundles the server into dist/main.mjs (and the demo constants into dist/demo.mjs, which the
// start script reads). Our sources and the workspace's TypeScript packages (@portal/*) are
// bundled; npm packages stay external and load from apps/server/node_modules at run time, so
// no CommonJS is bundled and no `require` shim is needed.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Marks every bare import external, except the workspace packages. */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@portal/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
await build({
  entryPoints: { main: join(here, 'src/main.ts'), demo: join(here, 'src/db/demo-accounts.ts') },
  outdir: join(here, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalNpmPackages],
});
console.log(`Built apps/server/dist/main.mjs and demo.mjs in ${Date.now() - started} ms`);
