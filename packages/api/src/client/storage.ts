// Typed calls for the storage area (volumes; ours to design in the style of section 7).
import type { TaskAccepted } from '../contract/tasks.ts';
import type {
  Volume,
  VolumeCreate,
  VolumeCreateAccepted,
  VolumeListQuery,
} from '../contract/storage.ts';
import { withPaging } from './compute.ts';
import type { ApiClient, PageReply } from './core.ts';

const BASE = '/services/storage';
const item = (id: number) => `${BASE}/${id}`;

const listSearch = (query: VolumeListQuery | undefined): URLSearchParams | undefined => {
  if (!query) return undefined;
  const search = new URLSearchParams();
  if (query.vm_id !== undefined) search.set('vm_id', String(query.vm_id));
  return withPaging(search, query);
};

export interface StorageApi {
  /** `GET /services/storage`: the whole list (optionally only one VM's volumes). */
  list(query?: Pick<VolumeListQuery, 'vm_id'>): Promise<Volume[]>;
  /** One page of the list: give at least one of `limit`, `cursor`, `sort`, `q`. */
  page(query: VolumeListQuery): Promise<PageReply<Volume>>;
  /** `GET /services/storage/{id}` */
  get(id: number): Promise<Volume>;
  /** `POST /services/storage`: a task; the reply names the new volume. */
  create(body: VolumeCreate): Promise<VolumeCreateAccepted>;
  /** `POST /services/storage/{id}/attach`: a task. */
  attach(id: number, vmId: number): Promise<TaskAccepted>;
  /** `POST /services/storage/{id}/detach`: a task. */
  detach(id: number): Promise<TaskAccepted>;
  /** `PATCH /services/storage/{id}/size`: a task; only upward. */
  extend(id: number, sizeGb: number): Promise<TaskAccepted>;
  /** `DELETE /services/storage/{id}`: a task; refused while attached. */
  remove(id: number): Promise<TaskAccepted>;
}

export const storageApi = (api: ApiClient): StorageApi => ({
  list: (query) => api.get<Volume[]>(BASE, { searchParams: listSearch(query) }),
  page: (query) => api.page<Volume>(BASE, { searchParams: listSearch(query) }),
  get: (id) => api.get<Volume>(item(id)),
  create: (body) => api.post<VolumeCreateAccepted>(BASE, body),
  attach: (id, vmId) => api.post<TaskAccepted>(`${item(id)}/attach`, { vm_id: vmId }),
  detach: (id) => api.post<TaskAccepted>(`${item(id)}/detach`),
  extend: (id, sizeGb) => api.patch<TaskAccepted>(`${item(id)}/size`, { size_gb: sizeGb }),
  remove: (id) => api.delete<TaskAccepted>(item(id)),
});
