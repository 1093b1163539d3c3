// Typed calls for the dseries area (dedicated servers).
import type { DseriesItem } from '../contract/dseries.ts';
import type { ApiClient } from './core.ts';

export interface DseriesApi {
  /** `GET /services/dseries` */
  list(): Promise<DseriesItem[]>;
}

export const dseriesApi = (api: ApiClient): DseriesApi => ({
  list: () => api.get<DseriesItem[]>('/services/dseries'),
});
