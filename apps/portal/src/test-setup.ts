import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// Pages load their code lazily and the suite runs two files at once beside the browser projects: give
// findBy… and waitFor the time a loaded CI machine needs (they return as soon as they match).
configure({ asyncUtilTimeout: 15_000 });
