// Small pieces the phishing pages share: the state chip and the rates.
import type { CampaignState, PhishingCampaign } from '@portal/api/contract';
import { percentText } from '@portal/api/domain';
import { StatusChip, type StatusChipKind } from '@portal/ui';

const STATE: Record<CampaignState, { kind: StatusChipKind; label: string }> = {
  draft: { kind: 'neutral', label: 'Draft' },
  scheduled: { kind: 'info', label: 'Scheduled' },
  running: { kind: 'warning', label: 'Running' },
  finished: { kind: 'success', label: 'Finished' },
};

export const stateLabel = (state: CampaignState) => STATE[state].label;

export function CampaignStateChip({ state }: { state: CampaignState }) {
  const look = STATE[state];
  return <StatusChip status={look.kind} label={look.label} />;
}

export type Rate = 'opened' | 'clicked' | 'submitted' | 'reported';

/** A campaign's rate of one kind: of the messages sent. */
export const rateOf = (campaign: PhishingCampaign, kind: Rate) =>
  percentText(campaign.counts[kind], campaign.counts.sent);

/** Seconds as minutes or hours, for the median time to report. */
export function durationText(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  return `${Math.round((seconds / 3600) * 10) / 10} h`;
}
