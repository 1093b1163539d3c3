// Typed calls for endpoint security (managed EDR and MSSP subscriptions).
import type { TaskAccepted } from '../contract/tasks.ts';
import type {
  ContainmentBody,
  DetectionBulkBody,
  DetectionBulkReply,
  EdrAssignee,
  EdrComment,
  EdrDetection,
  EdrDetectionDetail,
  EdrDetectionQuery,
  EdrHost,
  EdrHostDetail,
  EdrHostQuery,
  EdrPolicyBody,
  EdrSubscription,
  MedrDetail,
  MsspDetail,
} from '../contract/crowdstrike.ts';
import type { ApiClient } from './core.ts';
import { listCalls, type ListCalls } from './list.ts';

const BASE = '/services/crowdstrike';
const medr = (id: number) => `${BASE}/medr/${id}`;

const search = (query: Record<string, string | undefined> = {}) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  return params;
};

/** `GET /services/crowdstrike` (`list`, `page`): the tenant's medr and mssp subscriptions. */
export interface CrowdstrikeApi extends ListCalls<EdrSubscription> {
  medr(id: number): Promise<MedrDetail>;
  hosts(id: number, query?: EdrHostQuery): Promise<EdrHost[]>;
  /** `GET …/medr/{id}/hosts/{hostId}`: one host and its detections. */
  host(id: number, hostId: number): Promise<EdrHostDetail>;
  /** `GET …/medr/{id}/detections/{detectionId}`: one detection and its host. */
  detection(id: number, detectionId: number): Promise<EdrDetectionDetail>;
  /** `GET …/medr/{id}/assignees`: the users a detection may be assigned to. */
  assignees(id: number): Promise<EdrAssignee[]>;
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
  ...listCalls<EdrSubscription>(api, BASE),
  medr: (id) => api.get<MedrDetail>(medr(id)),
  hosts: (id, query) =>
    api.get<EdrHost[]>(`${medr(id)}/hosts`, { searchParams: search({ filter: query?.filter }) }),
  host: (id, hostId) => api.get<EdrHostDetail>(`${medr(id)}/hosts/${hostId}`),
  detection: (id, detectionId) =>
    api.get<EdrDetectionDetail>(`${medr(id)}/detections/${detectionId}`),
  assignees: (id) => api.get<EdrAssignee[]>(`${medr(id)}/assignees`),
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
