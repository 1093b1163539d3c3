import type { DseriesItem } from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';
import { listDseries } from './repository.ts';
import type { Caller } from '../../plugins/access.ts';

export const listDseriesItems = (db: Queryable, caller: Caller): Promise<DseriesItem[]> =>
  listDseries(db, caller.tenantId);
