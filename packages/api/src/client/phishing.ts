// Typed calls for phishing prevention (`/services/phishing/…`).
import type {
  PhishingCampaign,
  PhishingCampaignCreate,
  PhishingCsvPreview,
  PhishingGroup,
  PhishingGroupCreate,
  PhishingGroupCreated,
  PhishingGroupDetail,
  PhishingRecipientsAdd,
  PhishingResults,
  PhishingStats,
  PhishingTemplate,
  PhishingTemplateCreate,
} from '../contract/phishing.ts';
import type { TaskAccepted } from '../contract/tasks.ts';
import type { ApiClient } from './core.ts';

const BASE = '/services/phishing';
const campaign = (id: number) => `${BASE}/campaigns/${id}`;

export interface PhishingApi {
  /** `GET /services/phishing/campaigns` */
  campaigns(): Promise<PhishingCampaign[]>;
  /** `GET /services/phishing/campaigns/{id}` */
  campaign(id: number): Promise<PhishingCampaign>;
  /** `POST /services/phishing/campaigns`: a draft. */
  createCampaign(body: PhishingCampaignCreate): Promise<PhishingCampaign>;
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
  /** `GET /services/phishing/templates`: templates and landing pages. */
  templates(): Promise<PhishingTemplate[]>;
  /** `POST /services/phishing/templates` */
  createTemplate(body: PhishingTemplateCreate): Promise<PhishingTemplate>;
  /** `GET /services/phishing/groups` */
  groups(): Promise<PhishingGroup[]>;
  /** `GET /services/phishing/groups/{id}` */
  group(id: number): Promise<PhishingGroupDetail>;
  /** `POST /services/phishing/groups/preview`: which rows of a file are bad, and why. */
  previewGroup(csv: string): Promise<PhishingCsvPreview>;
  /** `POST /services/phishing/groups`: the valid rows are imported. */
  createGroup(body: PhishingGroupCreate): Promise<PhishingGroupCreated>;
}

export function phishingApi(api: ApiClient): PhishingApi {
  return {
    campaigns: () => api.get(`${BASE}/campaigns`),
    campaign: (id) => api.get(campaign(id)),
    createCampaign: (body) => api.post(`${BASE}/campaigns`, body),
    results: (id) => api.get(`${campaign(id)}/results`),
    launch: (id) => api.post(`${campaign(id)}/launch`),
    end: (id) => api.post(`${campaign(id)}/end`),
    addRecipients: (id, body) => api.post(`${campaign(id)}/recipients`, body),
    stats: () => api.get(`${BASE}/stats`),
    templates: () => api.get(`${BASE}/templates`),
    createTemplate: (body) => api.post(`${BASE}/templates`, body),
    groups: () => api.get(`${BASE}/groups`),
    group: (id) => api.get(`${BASE}/groups/${id}`),
    previewGroup: (csv) => api.post(`${BASE}/groups/preview`, { csv }),
    createGroup: (body) => api.post(`${BASE}/groups`, body),
  };
}
