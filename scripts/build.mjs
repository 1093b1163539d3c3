#!/usr/bin/env node
// `npm run build`: the server bundle and the portal, with nothing installed but Node and npm.
import { ensureDependencies } from './lib/deps.mjs';

await ensureDependencies();
const { buildAll } = await import('./lib/build.mjs');
await buildAll({ force: true });
