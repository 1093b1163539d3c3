import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'portal',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // A page test renders the route table, loads the page's code and types like a user: seconds
    // of work on two cores shared with the browser projects. Passing tests end as soon as they
    // match; the limit only stops a test that hangs.
    testTimeout: 30_000,
  },
});
