#!/usr/bin/env node
// `npm start`: install if needed, build if needed, then run the Auth emulator and the server on
// embedded defaults, with data kept in .data/ across restarts. Ctrl-C stops everything.
import { join } from 'node:path';
import { ensureDependencies } from './lib/deps.mjs';
import { repoRoot } from './lib/proc.mjs';

const port = Number(process.env.PORT ?? 8080);
const dataDir = process.env.PORTAL_DATA_DIR ?? join(repoRoot, '.data');
const mailCatcherPort = Number(process.env.MAIL_CATCHER_PORT ?? 8025);

await ensureDependencies();
const { buildAll } = await import('./lib/build.mjs');
await buildAll();
const { startStack } = await import('./lib/stack.mjs');

console.log('Starting the mail catcher, the Firebase Auth emulator and the server…');
const stack = await startStack({
  port,
  dataDir,
  persistIdentity: true,
  databaseUrl: process.env.DATABASE_URL,
  mailCatcherPort,
});
const { DEMO_ACCOUNTS, DEMO_PASSWORD } = await import(join(repoRoot, 'apps/server/dist/demo.mjs'));

console.log(`
  Portal ready at ${stack.url}
  Data directory: ${dataDir}
  ${stack.mail ? `Mail catcher: ${stack.mail.url} (the server sends to ${stack.mail.smtpUrl}; nothing leaves this machine)` : `Mail goes to the relay in SMTP_URL.`}

  Demo accounts (password ${DEMO_PASSWORD}):`);
for (const account of DEMO_ACCOUNTS) {
  console.log(`    ${account.email.padEnd(24)} ${account.kind}`);
}
console.log('\n  Press Ctrl-C to stop.\n');

let stopping = false;
const shutdown = async (signal) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the server and the emulator (saving identity data)…`);
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
stack.server.on('exit', (code) => {
  if (!stopping) {
    console.error(`The server stopped unexpectedly (exit code ${code}).`);
    void Promise.all([stack.emulator.stop(), stack.mail?.stop()]).then(() => process.exit(1));
  }
});
