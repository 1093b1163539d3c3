import { ApiError, errorText } from '@portal/api/client';
import { reportError } from '../services.ts';

// Each failed read is logged once (the error-text rule, section 8), not on every render.
const reported = new WeakMap<object, string>();

/** The sentence for a failed read: `data.message`, else the raw data, `No response`, … */
export function queryErrorText(error: unknown): string {
  if (typeof error !== 'object' || error === null) return reportError(error);
  const known = reported.get(error);
  if (known !== undefined) return known;
  const text = reportError(error);
  reported.set(error, text);
  return text;
}

/** The server answered 404: the resource does not exist (or belongs to another tenant). */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404;

/** What a read's query tells the view that shows it. */
interface ReadQuery {
  isPending: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** A `DetailPage`'s view of the read of its resource: loading at first, the failure, Retry. */
export const detailReadProps = (query: ReadQuery) => ({
  loading: query.isPending,
  error: query.error ?? undefined,
  onRetry: () => void query.refetch(),
});

/** A `DataTable`'s view of the read behind it: loading at first, the failure's sentence, Retry. */
export const tableReadProps = (query: ReadQuery) => ({
  ...detailReadProps(query),
  error: query.error ? errorText(query.error) : undefined,
});

/**
 * A view's read state (a chart, a table, the task centre): loading at first, the failure's
 * sentence (logged once, as `queryErrorText` does), Retry.
 */
export const readStateProps = (query: ReadQuery) => ({
  loading: query.isPending,
  error: query.error ? queryErrorText(query.error) : undefined,
  onRetry: () => void query.refetch(),
});
