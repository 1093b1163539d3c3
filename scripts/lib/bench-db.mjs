// The benchmarks' database: the server's own modules (through tsx), a fresh embedded PGlite with the
// migrations and the demo data, then the benchmark's rows, prepared before the server starts (the
// embedded PGlite is one process's at a time).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './proc.mjs';

const serverDir = join(repoRoot, 'apps/server');
const requireFromServer = createRequire(join(serverDir, 'package.json'));
// tsx's ESM entry (require.resolve would pick its CommonJS one).
const tsxRoot = dirname(requireFromServer.resolve('tsx/package.json'));
const { tsImport } = await import(pathToFileURL(join(tsxRoot, 'dist/esm/api/index.mjs')).href);

/** A module of the server, by its path under apps/server (`src/areas/compute/bench.ts`). */
export const fromServer = (path) =>
  tsImport(pathToFileURL(join(serverDir, path)).href, import.meta.url);

/**
 * Migrates a new PGlite database in `dir`, seeds the demo data, runs `seed(db)` for the
 * benchmark's own rows, analyses, and closes it for the server.
 * @param {string} dir
 * @param {(db: unknown) => Promise<unknown>} seed
 */
export async function prepareBenchDatabase(dir, seed) {
  const { openPglite } = await fromServer('src/db/pglite.ts');
  const { migrate } = await fromServer('src/db/migrate.ts');
  const { seedDemoData } = await fromServer('src/db/demo.ts');
  const db = await openPglite(dir);
  try {
    await migrate(db);
    await seedDemoData(db);
    const result = await seed(db);
    await db.exec('analyze');
    return result;
  } finally {
    await db.close();
  }
}
