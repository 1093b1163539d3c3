// Typed calls for phishing prevention (`/services/phishing/…`).
import type {
  PhishingCampaign,
  PhishingCampaignCreate,
  PhishingCampaignUpdate,
  PhishingCsvPreview,
  PhishingGroup,
  PhishingGroupCreate,
  PhishingGroupCreated,
  PhishingGroupDetail,
  PhishingGroupUpdate,
  PhishingRecipientsAdd,
  PhishingResults,
  PhishingOffender,
  PhishingStats,
  PhishingTemplate,
  PhishingTemplateCreate,
  PhishingTemplateUpdate,
} from '../contract/phishing.ts';
import type { ListPagingQuery } from '../contract/common.ts';
import type { TaskAccepted } from '../contract/tasks.ts';
import { withPaging } from './compute.ts';
import type { ApiClient, PageReply } from './core.ts';

const BASE = '/services/phishing';
const campaign = (id: number) => `${BASE}/campaigns/${id}`;

export interface PhishingApi {
  /** `GET /services/phishing/campaigns` */
  campaigns(): Promise<PhishingCampaign[]>;
  /** One page of the campaigns: give at least one of `limit`, `cursor`, `sort`, `q`. */
  campaignPage(query: ListPagingQuery): Promise<PageReply<PhishingCampaign>>;
  /** `GET /services/phishing/campaigns/{id}` */
  campaign(id: number): Promise<PhishingCampaign>;
  /** `POST /services/phishing/campaigns`: a draft. */
  createCampaign(body: PhishingCampaignCreate): Promise<PhishingCampaign>;
  /** `PATCH /services/phishing/campaigns/{id}`: a draft's fields. */
  updateCampaign(id: number, body: PhishingCampaignUpdate): Promise<PhishingCampaign>;
  /** `DELETE /services/phishing/campaigns/{id}`: a task; a draft, or a scheduled one called off. */
  removeCampaign(id: number): Promise<TaskAccepted>;
  /** `GET /services/phishing/campaigns/{id}/results` */
  results(id: number): Promise<PhishingResults>;
  /** `POST /services/phishing/campaigns/{id}/launch`: a task. */
  launch(id: number): Promise<TaskAccepted>;
  /** `POST /services/phishing/campaigns/{id}/end`: a task. */
  end(id: number): Promise<TaskAccepted>;
  /** `POST /services/phishing/campaigns/{id}/recipients`: a task. */
  addRecipients(id: number, body: PhishingRecipientsAdd): Promise<TaskAccepted>;
  /** `GET /services/phishing/stats` */
  stats(): Promise<PhishingStats>;
  /** `GET /services/phishing/offenders`: every repeat offender with their history. */
  offenders(): Promise<PhishingOffender[]>;
  /** `GET /services/phishing/templates`: templates and landing pages. */
  templates(): Promise<PhishingTemplate[]>;
  /** `POST /services/phishing/templates` */
  createTemplate(body: PhishingTemplateCreate): Promise<PhishingTemplate>;
  /** `PATCH /services/phishing/templates/{id}`: one of the tenant's own. */
  updateTemplate(id: number, body: PhishingTemplateUpdate): Promise<PhishingTemplate>;
  /** `DELETE /services/phishing/templates/{id}`: refused while a campaign uses it. */
  removeTemplate(id: number): Promise<void>;
  /** `GET /services/phishing/groups` */
  groups(): Promise<PhishingGroup[]>;
  /** `GET /services/phishing/groups/{id}` */
  group(id: number): Promise<PhishingGroupDetail>;
  /** `POST /services/phishing/groups/preview`: which rows of a file are bad, and why. */
  previewGroup(csv: string): Promise<PhishingCsvPreview>;
  /** `POST /services/phishing/groups`: the valid rows are imported. */
  createGroup(body: PhishingGroupCreate): Promise<PhishingGroupCreated>;
  /** `PATCH /services/phishing/groups/{id}`: a new name, or a file replacing the recipients. */
  updateGroup(id: number, body: PhishingGroupUpdate): Promise<PhishingGroupCreated>;
  /** `DELETE /services/phishing/groups/{id}`: refused while a campaign uses it. */
  removeGroup(id: number): Promise<void>;
}

export function phishingApi(api: ApiClient): PhishingApi {
  return {
    campaigns: () => api.get(`${BASE}/campaigns`),
    campaignPage: (query) =>
      api.page<PhishingCampaign>(`${BASE}/campaigns`, {
        searchParams: withPaging(new URLSearchParams(), query),
      }),
    campaign: (id) => api.get(campaign(id)),
    createCampaign: (body) => api.post(`${BASE}/campaigns`, body),
    updateCampaign: (id, body) => api.patch(campaign(id), body),
    removeCampaign: (id) => api.delete(campaign(id)),
    results: (id) => api.get(`${campaign(id)}/results`),
    launch: (id) => api.post(`${campaign(id)}/launch`),
    end: (id) => api.post(`${campaign(id)}/end`),
    addRecipients: (id, body) => api.post(`${campaign(id)}/recipients`, body),
    stats: () => api.get(`${BASE}/stats`),
    offenders: () => api.get(`${BASE}/offenders`),
    templates: () => api.get(`${BASE}/templates`),
    createTemplate: (body) => api.post(`${BASE}/templates`, body),
    groups: () => api.get(`${BASE}/groups`),
    group: (id) => api.get(`${BASE}/groups/${id}`),
    previewGroup: (csv) => api.post(`${BASE}/groups/preview`, { csv }),
    createGroup: (body) => api.post(`${BASE}/groups`, body),
    updateGroup: (id, body) => api.patch(`${BASE}/groups/${id}`, body),
    removeGroup: async (id) => {
      await api.delete(`${BASE}/groups/${id}`);
    },
    updateTemplate: (id, body) => api.patch(`${BASE}/templates/${id}`, body),
    removeTemplate: async (id) => {
      await api.delete(`${BASE}/templates/${id}`);
    },
  };
}
