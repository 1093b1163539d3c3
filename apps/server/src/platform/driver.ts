/**
 * The platform refused or could not do an operation. Its message is a sentence for the user: the
 * task ends in FAILURE with it. `detail` keeps the platform's own words (LXD's error) for the
 * task's audit row and the log, never for the customer's sentence.
 */
export class DriverError extends Error {
  override name = 'DriverError';
  /** The platform's own words (an LXD error), for the task's log; never shown as the sentence. */
  readonly detail?: string;

  constructor(message: string, options?: { detail?: string }) {
    super(message);
    if (options?.detail !== undefined) this.detail = options.detail;
  }
}

/** What every driver operation runs in: one task, on behalf of one tenant. */
export interface OperationContext {
  taskId: number;
  tenantId: number;
  /** The tenant's code (`UZZ100001`): a real platform names the tenant's project after it. */
  tenantCode: string;
  /** Aborted when the server stops; the task then goes back to the queue. */
  signal: AbortSignal;
}

/** Throws the platform's refusal as a DriverError. */
export function refuse(message: string): never {
  throw new DriverError(message);
}
