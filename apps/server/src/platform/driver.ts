/**
 * The platform refused or could not do an operation. Its message is a sentence for the user: the
 * task ends in FAILURE with it (shown as `{operation} failed : {message}`).
 */
export class DriverError extends Error {
  override name = 'DriverError';
}

/** What every driver operation runs in: one task, on behalf of one tenant. */
export interface OperationContext {
  taskId: number;
  tenantId: number;
  /** Aborted when the server stops; the task then goes back to the queue. */
  signal: AbortSignal;
}

/** Throws the platform's refusal as a DriverError. */
export function refuse(message: string): never {
  throw new DriverError(message);
}
