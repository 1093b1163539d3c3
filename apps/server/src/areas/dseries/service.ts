import type { ListPagingQuery } from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';
import type { Caller } from '../../plugins/access.ts';
import type { ListCache } from '../../platform/list-cache.ts';
import { dseriesList } from './repository.ts';

/** `GET /services/dseries`: the reply's JSON text, the whole list or a page. */
export const listDseriesItems = (
  deps: { db: Queryable; lists?: ListCache },
  caller: Caller,
  query: ListPagingQuery,
): Promise<string | Buffer> => dseriesList.reply(deps, caller.tenantId, query);
