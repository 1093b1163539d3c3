// Typed calls for endpoint security (managed EDR and MSSP subscriptions).
import type { TaskAccepted } from '../contract/tasks.ts';
import type {
  ContainmentBody,
  DetectionBulkBody,
  DetectionBulkReply,
  EdrComment,
  EdrDetection,
  EdrDetectionQuery,
  EdrHost,
  EdrHostQuery,
  EdrPolicyBody,
  EdrSubscription,
  MedrDetail,
  MsspDetail,
} from '../contract/crowdstrike.ts';
import type { ApiClient } from './core.ts';

const BASE = '/services/crowdstrike';
const medr = (id: number) => `${BASE}/medr/${id}`;

const search = (query: Record<string, string | undefined> = {}) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  return params;
};

export interface CrowdstrikeApi {
  /** `GET /services/crowdstrike`: the tenant's medr and mssp subscriptions. */
  list(): Promise<EdrSubscription[]>;
  medr(id: number): Promise<MedrDetail>;
  hosts(id: number, query?: EdrHostQuery): Promise<EdrHost[]>;
  detections(id: number, query?: EdrDetectionQuery): Promise<EdrDetection[]>;
  setPolicy(id: number, body: EdrPolicyBody): Promise<MedrDetail>;
  containment(
    id: number,
    hostId: number,
    operation: ContainmentBody['operation'],
  ): Promise<TaskAccepted>;
  updateDetections(id: number, body: DetectionBulkBody): Promise<DetectionBulkReply>;
  comment(id: number, detectionId: number, body: string): Promise<EdrComment>;
  mssp(id: number): Promise<MsspDetail>;
}

export const crowdstrikeApi = (api: ApiClient): CrowdstrikeApi => ({
  list: () => api.get<EdrSubscription[]>(BASE),
  medr: (id) => api.get<MedrDetail>(medr(id)),
  hosts: (id, query) =>
    api.get<EdrHost[]>(`${medr(id)}/hosts`, { searchParams: search({ filter: query?.filter }) }),
  detections: (id, query) =>
    api.get<EdrDetection[]>(`${medr(id)}/detections`, {
      searchParams: search({ status: query?.status }),
    }),
  setPolicy: (id, body) => api.patch<MedrDetail>(`${medr(id)}/policy`, body),
  containment: (id, hostId, operation) =>
    api.post<TaskAccepted>(`${medr(id)}/hosts/${hostId}/containment`, { operation }),
  updateDetections: (id, body) => api.patch<DetectionBulkReply>(`${medr(id)}/detections`, body),
  comment: (id, detectionId, body) =>
    api.post<EdrComment>(`${medr(id)}/detections/${detectionId}/comments`, { body }),
  mssp: (id) => api.get<MsspDetail>(`${BASE}/mssp/${id}`),
});
