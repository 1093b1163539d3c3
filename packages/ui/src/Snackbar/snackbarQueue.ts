import type { FeedbackKind } from '../theme/theme.ts';

/** The state a snackbar is drawn from; any object (a valtio proxy, React state, a plain object). */
export interface SnackbarState {
  snackbar: { message: string; color: FeedbackKind; show: boolean };
}

export interface SnackbarQueueTiming {
  /** How long a message stays: 6000 ms in the portal. */
  timeoutMs: number;
  /** How often a waiting message checks whether the visible one is gone: 100 ms. */
  retryMs: number;
}

export interface SnackbarQueue {
  /** Shows a message now, or as soon as the visible one is gone. */
  show(message: string, color?: FeedbackKind): void;
  /** Closes the visible message early (the person dismissed it). */
  dismiss(): void;
  /** How many messages wait for their turn. */
  readonly pending: number;
}

interface Request {
  message: string;
  color: FeedbackKind;
}

/**
 * The snackbar rule of the specification (sections 2 and 9): a message shows for `timeoutMs`; a
 * request made while one is visible waits, retrying every `retryMs`. Waiting requests keep their
 * order. It writes `target.snackbar`; rendering it is the `Snackbar` component's job.
 */
export function createSnackbarQueue(
  target: SnackbarState,
  timing: SnackbarQueueTiming = { timeoutMs: 6000, retryMs: 100 },
): SnackbarQueue {
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
    const next = waiting[0];
    if (!next) return;
    if (target.snackbar.show) {
      retryTimer = setTimeout(tryShow, timing.retryMs);
      return;
    }
    waiting.shift();
    target.snackbar.message = next.message;
    target.snackbar.color = next.color;
    target.snackbar.show = true;
    hideTimer = setTimeout(hide, timing.timeoutMs);
    if (waiting.length > 0) retryTimer = setTimeout(tryShow, timing.retryMs);
  };

  return {
    show(message, color = 'info') {
      waiting.push({ message, color });
      if (retryTimer === undefined) tryShow();
    },
    dismiss: hide,
    get pending() {
      return waiting.length;
    },
  };
}
