// ky's errors are recognised by name and shape, not by class: the client loads ky with its first
// call, and the error-text rule must not bring ky into the first download.
interface HttpErrorLike extends Error {
  response: Response;
}

const isHttpError = (error: unknown): error is HttpErrorLike =>
  error instanceof Error && error.name === 'HTTPError' && 'response' in error;

const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';

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
  if (isTimeout(error)) return NO_RESPONSE;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** An ApiError from a reply that is not OK, its body read once. */
export async function apiErrorOf(response: Response, fallback?: string): Promise<ApiError> {
  const text = await response.text().catch(() => '');
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
  const message =
    messageOf(data) ??
    fallback ??
    `Request failed with status code ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return new ApiError(message, response.status, data, field);
}

/** Turns what ky (or fetch) throws into an ApiError with the reply body read once. */
export async function toApiError(error: unknown): Promise<unknown> {
  if (error instanceof ApiError) return error;
  if (isHttpError(error)) return apiErrorOf(error.response, error.message);
  if (isTimeout(error)) return new ApiError(NO_RESPONSE, 0, undefined);
  // fetch rejects with a TypeError when the request was sent but no response came back
  if (error instanceof TypeError) return new ApiError(NO_RESPONSE, 0, undefined);
  return error;
}
