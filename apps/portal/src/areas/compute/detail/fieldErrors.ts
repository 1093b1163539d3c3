import { ApiError, errorText } from '@portal/api/client';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * A 400 that names a field, as a message for that field of the form: the server says
 * `vcpus: must be at most 128` with `field: 'vcpus'` (or a JSON path such as `/data/name`).
 * Answers null when the error is not about one of `fields`.
 */
export function serverFieldError<K extends string>(
  error: unknown,
  fields: readonly K[],
  aliases: Partial<Record<string, K>> = {},
): FieldErrors<K> | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.field) return null;
  const last = error.field.split(/[./]/).filter(Boolean).pop() ?? '';
  const key = (aliases[last] ?? last) as K;
  if (!fields.includes(key)) return null;
  const text = errorText(error);
  return {
    [key]: text.startsWith(`${last}: `) ? text.slice(last.length + 2) : text,
  } as FieldErrors<K>;
}
