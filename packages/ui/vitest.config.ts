import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'ui',
    environment: 'happy-dom',
    include: ['src/**/*.test.tsx'],
    setupFiles: ['src/test/setup.ts'],
    // Components are rendered and driven with user-event on two cores shared with the browser
    // projects; the limit only stops a test that hangs.
    testTimeout: 20_000,
    // The token tests read tokens.css itself; Vitest blanks CSS unless told otherwise.
    css: { include: [/tokens\.css/] },
  },
});
