// Typed calls for the networking area (`/services/networking…`, ours in the style of section 7).
// Public addresses are assigned to a VM with the VM's NAT call (compute: `natCreate`).
import type {
  AddressAllocate,
  Gateway,
  GatewayCreate,
  Network,
  NetworkCreate,
  NetworkDetail,
  NetworkTaskAccepted,
  NetworkUpdate,
  NetworkUsage,
  PublicAddress,
  Topology,
} from '../contract/networking.ts';
import type { TaskAccepted } from '../contract/tasks.ts';
import type { ApiClient } from './core.ts';
import { listCalls, type ListCalls } from './list.ts';

const BASE = '/services/networking';

/** The networks (whole or a page at a time), gateways and public addresses. */
export interface NetworkingApi extends ListCalls<Network> {
  get(id: number): Promise<NetworkDetail>;
  create(body: NetworkCreate): Promise<NetworkTaskAccepted>;
  update(id: number, body: NetworkUpdate): Promise<TaskAccepted>;
  remove(id: number): Promise<TaskAccepted>;
  /** `GET /services/networking/usage?location=…`: the VLANs and ranges in use at a site. */
  usage(location: string): Promise<NetworkUsage>;
  gateways(): Promise<Gateway[]>;
  createGateway(body: GatewayCreate): Promise<NetworkTaskAccepted>;
  /** `DELETE /services/networking/gateways/{id}`: a task; refused while anything uses it. */
  deleteGateway(id: number): Promise<TaskAccepted>;
  setSnat(id: number, snat: boolean): Promise<TaskAccepted>;
  addresses(): Promise<PublicAddress[]>;
  allocate(body: AddressAllocate): Promise<NetworkTaskAccepted>;
  release(id: number): Promise<TaskAccepted>;
  topology(): Promise<Topology>;
}

export function networkingApi(api: ApiClient): NetworkingApi {
  return {
    ...listCalls<Network>(api, BASE),
    get: (id) => api.get<NetworkDetail>(`${BASE}/${id}`),
    create: (body) => api.post<NetworkTaskAccepted>(BASE, body),
    update: (id, body) => api.patch<TaskAccepted>(`${BASE}/${id}`, body),
    remove: (id) => api.delete<TaskAccepted>(`${BASE}/${id}`),
    usage: (location) =>
      api.get<NetworkUsage>(`${BASE}/usage`, { searchParams: new URLSearchParams({ location }) }),
    gateways: () => api.get<Gateway[]>(`${BASE}/gateways`),
    createGateway: (body) => api.post<NetworkTaskAccepted>(`${BASE}/gateways`, body),
    deleteGateway: (id) => api.delete<TaskAccepted>(`${BASE}/gateways/${id}`),
    setSnat: (id, snat) => api.patch<TaskAccepted>(`${BASE}/gateways/${id}`, { snat }),
    addresses: () => api.get<PublicAddress[]>(`${BASE}/addresses`),
    allocate: (body) => api.post<NetworkTaskAccepted>(`${BASE}/addresses`, body),
    release: (id) => api.delete<TaskAccepted>(`${BASE}/addresses/${id}`),
    topology: () => api.get<Topology>(`${BASE}/topology`),
  };
}
