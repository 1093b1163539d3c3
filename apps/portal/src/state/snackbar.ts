import { SNACKBAR_RETRY_MS, SNACKBAR_TIMEOUT_MS } from '@portal/api/contract';
import type { AppState, SnackbarColor } from './app.ts';

interface Request {
  message: string;
  color: SnackbarColor;
}

/**
 * The snackbar rule of the specification (sections 2 and 9): a message shows for 6000 ms; a
 * request made while one is visible waits, retrying every 100 ms. Waiting requests keep their order.
 */
export function createSnackbarQueue(
  target: Pick<AppState, 'snackbar'>,
  timing = { timeoutMs: SNACKBAR_TIMEOUT_MS, retryMs: SNACKBAR_RETRY_MS },
) {
  const waiting: Request[] = [];
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;

  const hide = () => {
    clearTimeout(hideTimer);
    hideTimer = undefined;
    target.snackbar.show = false;
  };

  const tryShow = () => {
    retryTimer = undefined;
    if (waiting.length === 0) return;
    if (target.snackbar.show) {
      retryTimer = setTimeout(tryShow, timing.retryMs);
      return;
    }
    const next = waiting.shift() as Request;
    target.snackbar.message = next.message;
    target.snackbar.color = next.color;
    target.snackbar.show = true;
    hideTimer = setTimeout(hide, timing.timeoutMs);
    if (waiting.length > 0) retryTimer = setTimeout(tryShow, timing.retryMs);
  };

  return {
    /** Shows a message now, or as soon as the visible one is gone. */
    show(message: string, color: SnackbarColor = 'info') {
      waiting.push({ message, color });
      if (retryTimer === undefined) tryShow();
    },
    /** Closes the visible message early (the person dismissed it). */
    dismiss: hide,
    /** How many messages wait for their turn. */
    get pending() {
      return waiting.length;
    },
  };
}
