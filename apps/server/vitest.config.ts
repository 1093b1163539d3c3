import { defineConfig } from 'vitest/config';

// Server tests: the real Firebase Auth emulator (started once in global setup), PGlite always,
// PostgreSQL at 127.0.0.1:5432 when it answers (required when CI is set).
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    // A file's setup makes a database, migrates and seeds it, and starts its servers: under a
    // minute alone, but seen past 60 s on a busy two-core machine. The limit only stops a hang.
    hookTimeout: 180_000,
  },
});
