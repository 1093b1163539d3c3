#!/usr/bin/env node
// `npm run lxd:setup`: a local LXD for the portal's LXD site and its tests (README, 'Running on LXD').
import { ensureLxd } from './lib/lxd.mjs';

try {
  console.log('LXD setup:');
  await ensureLxd();
} catch (error) {
  console.error(`✖ ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
