import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { percentText } from '@portal/api/domain';
import { Button, MetricChart, Sparkline, StatGrid, StatTile, type MetricSeries } from '@portal/ui';
import { readStateProps } from '../../kit/queryError.ts';
import { OffendersDialog } from './OffendersDialog.tsx';
import { durationText } from './parts.tsx';
import { phishingQueries } from './queries.ts';

const Section = styled.section`
  display: grid;
  gap: 16px;
  margin-bottom: 24px;
`;

const Offenders = styled.ul`
  margin: 4px 0 0;
  padding-left: 18px;
  /* An address is one long word: it breaks inside the tile rather than overflowing it. */
  overflow-wrap: anywhere;
`;

/** The tenant's figures across its campaigns: click rate over time, reports, repeat offenders. */
export function PhishingFigures() {
  const stats = useQuery(phishingQueries.stats());
  const { data } = stats;
  const rates = (data?.click_rate ?? []).map((point) =>
    point.sent === 0 ? null : Math.round((point.clicked / point.sent) * 1000) / 10,
  );
  const series: MetricSeries[] = [
    {
      label: 'Click rate',
      unit: 'percent',
      points: (data?.click_rate ?? []).map(
        (point, index) => [Date.parse(point.launched_at), rates[index] ?? null] as const,
      ),
    },
  ];
  const latest = rates.at(-1);
  const offenders = data?.repeat_offenders ?? [];
  const [showing, setShowing] = useState(false);
  return (
    <Section aria-label="Figures across your campaigns">
      <StatGrid>
        <StatTile
          label="Click rate"
          value={data ? percentText(data.clicked, data.sent) : '…'}
          hint={latest == null ? 'No campaign sent yet' : `${latest} % in the latest campaign`}
          footer={
            rates.length > 1 ? (
              <Sparkline
                values={rates}
                label="Click rate per campaign, oldest first"
                format={(value) => `${value} %`}
              />
            ) : undefined
          }
        />
        <StatTile
          label="Report rate"
          value={data ? percentText(data.reported, data.sent) : '…'}
          tone={data && data.sent > 0 && data.reported / data.sent >= 0.2 ? 'good' : 'neutral'}
          hint={data ? `${data.reported} of ${data.sent} messages reported` : undefined}
        />
        <StatTile
          label="Median time to report"
          value={
            data?.median_seconds_to_report == null
              ? '–'
              : durationText(data.median_seconds_to_report)
          }
          hint="From sending to the report"
        />
        <StatTile
          label="Repeat offenders"
          value={data ? String(offenders.length) : '…'}
          tone={offenders.length > 0 ? 'warning' : 'neutral'}
          hint="Clicked in two or more campaigns"
          footer={
            offenders.length > 0 ? (
              <>
                <Offenders>
                  {offenders.slice(0, 3).map((offender) => (
                    <li key={offender.email}>
                      {offender.email} ({offender.campaigns})
                    </li>
                  ))}
                </Offenders>
                <Button variant="text" size="small" onClick={() => setShowing(true)}>
                  See all {offenders.length} and their history
                </Button>
              </>
            ) : undefined
          }
        />
      </StatGrid>
      {showing && <OffendersDialog onClose={() => setShowing(false)} />}
      <MetricChart
        title="Click rate over time"
        series={series}
        rangePicker={false}
        {...readStateProps(stats)}
        emptyMessage="No campaign has been sent yet."
        height={180}
      />
    </Section>
  );
}
