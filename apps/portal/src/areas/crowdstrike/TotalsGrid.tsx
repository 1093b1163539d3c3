import type { EdrTotals } from '@portal/api/contract';
import { StatGrid, StatTile } from '@portal/ui';
import { openDetections } from './labels.ts';

/** The headline figures of a subscription (or of all of an MSSP's children). */
export function TotalsGrid({ totals, label }: { totals: EdrTotals; label: string }) {
  const open = openDetections(totals.open_detections);
  const { critical, high } = totals.open_detections;
  return (
    <StatGrid role="group" aria-label={label}>
      <StatTile
        label="Hosts"
        value={totals.hosts}
        hint={`${totals.online} online${totals.contained ? ` · ${totals.contained} contained` : ''}`}
      />
      <StatTile
        label="Outdated sensors"
        value={totals.outdated}
        tone={totals.outdated > 0 ? 'warning' : 'good'}
        hint={totals.outdated > 0 ? 'older than the update policy asks' : 'all as the policy asks'}
      />
      <StatTile
        label="Stale hosts"
        value={totals.stale}
        tone={totals.stale > 0 ? 'warning' : 'good'}
        hint="no check-in for an hour or more"
      />
      <StatTile
        label="Open detections"
        value={open}
        tone={critical > 0 ? 'critical' : high > 0 ? 'warning' : open > 0 ? 'neutral' : 'good'}
        hint={`${critical} critical · ${high} high · ${totals.open_detections.medium} medium · ${totals.open_detections.low} low`}
      />
    </StatGrid>
  );
}
