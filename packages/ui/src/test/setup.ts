import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Without Vitest globals, Testing Library cannot register its own cleanup.
afterEach(cleanup);

// findBy… and waitFor return as soon as they match; on a loaded machine they get the time it needs.
configure({ asyncUtilTimeout: 15_000 });
