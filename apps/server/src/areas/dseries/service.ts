import type { ListPagingQuery } from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';
import type { Caller } from '../../plugins/access.ts';
import { dseriesPaging, listDseriesJson } from './repository.ts';

/** `GET /services/dseries`: the reply's JSON text, the whole list or a page. */
export const listDseriesItems = (
  db: Queryable,
  caller: Caller,
  query: ListPagingQuery,
): Promise<string> => listDseriesJson(db, caller.tenantId, dseriesPaging(query, caller.tenantId));
