import { createSnackbarQueue as createQueue, type SnackbarState } from '@portal/ui';
import { SNACKBAR_RETRY_MS, SNACKBAR_TIMEOUT_MS } from '@portal/api/contract';

/**
 * The portal's snackbar queue on the app state: the design system's queue with the
 * specification's timing (6000 ms shown, 100 ms retry while one is visible).
 */
export const createSnackbarQueue = (
  target: SnackbarState,
  timing = { timeoutMs: SNACKBAR_TIMEOUT_MS, retryMs: SNACKBAR_RETRY_MS },
) => createQueue(target, timing);
