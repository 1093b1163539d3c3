// A list of ours read whole, or a page at a time: the same path, with paging parameters.
import type { ListPagingQuery } from '../contract/common.ts';
import { withPaging } from './compute.ts';
import type { ApiClient, PageReply } from './core.ts';

/** The two reads of a list (its path's `GET`): whole, or one page. */
export interface ListCalls<T> {
  /** The whole list. */
  list(): Promise<T[]>;
  /** One page of the list: give at least one of `limit`, `cursor`, `sort`, `q`. */
  page(query: ListPagingQuery): Promise<PageReply<T>>;
}

/** `ListCalls` of the list at `path`. */
export const listCalls = <T>(api: ApiClient, path: string): ListCalls<T> => ({
  list: () => api.get<T[]>(path),
  page: (query) => api.page<T>(path, { searchParams: withPaging(new URLSearchParams(), query) }),
});
