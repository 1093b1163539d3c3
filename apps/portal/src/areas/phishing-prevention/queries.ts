// Phishing prevention's server state. A campaign that is sending refreshes itself, so its
// results arrive on screen as the mail platform tracks them.
import { queryOptions } from '@tanstack/react-query';
import { phishingApi } from '@portal/api/client';
import { CAMPAIGN_LIST_SORTS, TASK_POLL_INTERVAL_MS } from '@portal/api/contract';
import type { CampaignState, PhishingCampaign } from '@portal/api/contract';
import type { ListPaged } from '../../kit/ListPage.tsx';
import { getServices } from '../../services.ts';

export const phishingApiOf = () => phishingApi(getServices().api);

export const phishingKeys = {
  all: ['phishing'] as const,
  campaigns: () => [...phishingKeys.all, 'campaigns'] as const,
  campaign: (id: number) => [...phishingKeys.campaigns(), id] as const,
  results: (id: number) => [...phishingKeys.campaign(id), 'results'] as const,
  stats: () => [...phishingKeys.all, 'stats'] as const,
  offenders: () => [...phishingKeys.all, 'offenders'] as const,
  templates: () => [...phishingKeys.all, 'templates'] as const,
  groups: () => [...phishingKeys.all, 'groups'] as const,
};

/** Whether a campaign in this state may still change by itself. */
export const isLive = (state: CampaignState | undefined) =>
  state === 'running' || state === 'scheduled';

/** A long campaign list read a page at a time (above the kit's PAGED_FROM rows), under its key. */
export const campaignPaged: ListPaged<PhishingCampaign> = {
  fetchPage: (request) => phishingApiOf().campaignPage(request),
  sorts: CAMPAIGN_LIST_SORTS,
};

export const phishingQueries = {
  campaigns: () =>
    queryOptions({
      queryKey: phishingKeys.campaigns(),
      queryFn: () => phishingApiOf().campaigns(),
      refetchInterval: (query) =>
        query.state.data?.some((campaign) => isLive(campaign.state))
          ? TASK_POLL_INTERVAL_MS
          : false,
    }),
  campaign: (id: number) =>
    queryOptions({
      queryKey: phishingKeys.campaign(id),
      queryFn: () => phishingApiOf().campaign(id),
      refetchInterval: (query) => (isLive(query.state.data?.state) ? TASK_POLL_INTERVAL_MS : false),
    }),
  results: (id: number, live: boolean) =>
    queryOptions({
      queryKey: phishingKeys.results(id),
      queryFn: () => phishingApiOf().results(id),
      refetchInterval: live ? TASK_POLL_INTERVAL_MS : false,
    }),
  stats: () =>
    queryOptions({ queryKey: phishingKeys.stats(), queryFn: () => phishingApiOf().stats() }),
  offenders: () =>
    queryOptions({
      queryKey: phishingKeys.offenders(),
      queryFn: () => phishingApiOf().offenders(),
    }),
  templates: () =>
    queryOptions({
      queryKey: phishingKeys.templates(),
      queryFn: () => phishingApiOf().templates(),
    }),
  groups: () =>
    queryOptions({ queryKey: phishingKeys.groups(), queryFn: () => phishingApiOf().groups() }),
};
