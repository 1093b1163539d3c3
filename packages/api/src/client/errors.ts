import { HTTPError, TimeoutError } from 'ky';

/** A failed call, carrying the parsed reply body (`data`) when there was a reply. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status, or 0 when the request got no response. */
    readonly status: number,
    /** The reply body: parsed JSON when possible, else text; undefined without a response. */
    readonly data: unknown,
    /** The field named by a 400 reply, if any. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export const NO_RESPONSE = 'No response';

const messageOf = (data: unknown): string | undefined =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as { message?: unknown }).message === 'string'
    ? (data as { message: string }).message
    : undefined;

/**
 * The specification's error-text rule (section 8): the reply's `data.message` if present, else
 * the raw reply data; with a request but no response, 'No response'; otherwise the error's message.
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return NO_RESPONSE;
    const message = messageOf(error.data);
    if (message !== undefined) return message;
    if (error.data === undefined || error.data === '') return error.message;
    return typeof error.data === 'string' ? error.data : JSON.stringify(error.data);
  }
  if (error instanceof TimeoutError) return NO_RESPONSE;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Turns what ky throws into an ApiError with the reply body read once. */
export async function toApiError(error: unknown): Promise<unknown> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const text = await error.response.text().catch(() => '');
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the raw text, the error-text rule shows it as is
    }
    const field =
      typeof data === 'object' &&
      data !== null &&
      typeof (data as { field?: unknown }).field === 'string'
        ? (data as { field: string }).field
        : undefined;
    return new ApiError(messageOf(data) ?? error.message, error.response.status, data, field);
  }
  if (error instanceof TimeoutError) return new ApiError(NO_RESPONSE, 0, undefined);
  // fetch rejects with a TypeError when the request was sent but no response came back
  if (error instanceof TypeError) return new ApiError(NO_RESPONSE, 0, undefined);
  return error;
}
