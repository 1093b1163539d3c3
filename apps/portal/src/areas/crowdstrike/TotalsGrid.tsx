import type { EdrTotals } from '@portal/api/contract';
import { Link, StatGrid, StatTile } from '@portal/ui';
import { openDetections } from './labels.ts';

/** Where each tile's figure is listed: a tile with one filters the table to it. */
export interface TotalsLinks {
  hosts: string;
  outdated: string;
  stale: string;
  detections: string;
}

/** The headline figures of a subscription (or of all of an MSSP's children). */
export function TotalsGrid({
  totals,
  label,
  links,
}: {
  totals: EdrTotals;
  label: string;
  links?: TotalsLinks;
}) {
  const open = openDetections(totals.open_detections);
  const { critical, high } = totals.open_detections;
  const show = (href: string | undefined, text: string) =>
    href ? <Link href={href}>{text}</Link> : undefined;
  return (
    <StatGrid role="group" aria-label={label}>
      <StatTile
        label="Hosts"
        value={totals.hosts}
        hint={`${totals.online} online${totals.contained ? ` · ${totals.contained} contained` : ''}`}
        footer={show(links?.hosts, 'Show all hosts')}
      />
      <StatTile
        label="Outdated sensors"
        value={totals.outdated}
        tone={totals.outdated > 0 ? 'warning' : 'good'}
        hint={totals.outdated > 0 ? 'older than the update policy asks' : 'all as the policy asks'}
        footer={show(links?.outdated, 'Show outdated hosts')}
      />
      <StatTile
        label="Stale hosts"
        value={totals.stale}
        tone={totals.stale > 0 ? 'warning' : 'good'}
        hint="no check-in for an hour or more"
        footer={show(links?.stale, 'Show stale hosts')}
      />
      <StatTile
        label="Open detections"
        value={open}
        tone={critical > 0 ? 'critical' : high > 0 ? 'warning' : open > 0 ? 'neutral' : 'good'}
        hint={`${critical} critical · ${high} high · ${totals.open_detections.medium} medium · ${totals.open_detections.low} low`}
        footer={show(links?.detections, 'Show open detections')}
      />
    </StatGrid>
  );
}
