// The top of /license: an alert for subscriptions that expire within 30 days with seats nobody
// holds, the seats used against those contracted per product, and what expires soon.
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import type { LicenseProductUsage, LicenseSummary } from '@portal/api/contract';
import { expiringUnassignedNotice } from '@portal/api/domain';
import { Alert, Meter } from '@portal/ui';
import { queryErrorText } from '../../kit/queryError.ts';
import { formatDay, inDays, seatFigure, seats } from './format.ts';
import { licenseQueries } from './queries.ts';
import { fittingColumns } from '../../kit/layout.ts';

const Panel = styled.div`
  display: grid;
  /* A column no wider than the page, whatever the alerts hold. */
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
  margin-bottom: 24px;
`;

const Sections = styled.div`
  ${fittingColumns(320)}
`;

const Section = styled.section`
  display: grid;
  gap: 12px;
  align-content: start;
  padding: 16px;
  border: 1px solid var(--ui-color-border);
  border-radius: var(--ui-radius-md);
  background: var(--ui-color-surface);
`;

const Heading = styled.h2`
  margin: 0;
  font-size: 1rem;
  font-weight: 600;
`;

const Over = styled.p`
  margin: 4px 0 0;
  font-size: 0.875rem;
  color: var(--ui-color-error-text);
  font-weight: 600;
`;

const Plain = styled.ul`
  margin: 0;
  padding-left: 20px;
  display: grid;
  gap: 6px;
`;

const Muted = styled.p`
  margin: 0;
  color: var(--ui-color-text-secondary);
`;

function ProductMeter({ product }: { product: LicenseProductUsage }) {
  // The same figure as the table's rows: they add up to it.
  const text = seatFigure(
    { used: product.seats_used, inForce: product.seats_contracted, ended: product.seats_ended },
    ` ${product.seats_contracted === 1 ? 'seat' : 'seats'} used`,
  );
  return (
    <div>
      <Meter
        label={product.product_name}
        value={product.seats_used}
        max={product.seats_contracted}
        warningAt={90}
        valueText={text}
      />
      {product.seats_over > 0 && (
        <Over>
          Over-used: {seats(product.seats_over)} more than contracted
          {product.seats_contracted === 0 ? ' (no subscription in force)' : ''}.
        </Over>
      )}
    </div>
  );
}

/** The alert's sentences: each expiring subscription with seats nobody holds. */
export const unassignedNotices = (summary: LicenseSummary): string[] =>
  summary.expiring.flatMap(
    (each) => expiringUnassignedNotice({ ...each, state: 'expiring' }) ?? [],
  );

/** See the file's first lines. */
export function LicenseSummaryPanel() {
  const { data, error } = useQuery(licenseQueries.summary());
  if (error) return <Alert kind="error">{queryErrorText(error)}</Alert>;
  if (!data) return null;
  const notices = unassignedNotices(data);
  return (
    <Panel>
      {notices.length > 0 && (
        <Alert kind="warning" title="Seats unassigned on subscriptions that expire soon">
          <Plain>
            {notices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </Plain>
        </Alert>
      )}
      <Sections>
        <Section aria-labelledby="license-usage">
          <Heading id="license-usage">Seats used per product</Heading>
          {data.products.length === 0 ? (
            <Muted>No licensed products yet.</Muted>
          ) : (
            data.products.map((product) => <ProductMeter key={product.product} product={product} />)
          )}
        </Section>
        <Section aria-labelledby="license-expiring">
          <Heading id="license-expiring">Expiring within 30 days</Heading>
          {data.expiring.length === 0 ? (
            <Muted>Nothing expires within 30 days.</Muted>
          ) : (
            <Plain>
              {data.expiring.map((each) => (
                <li key={each.id}>
                  {each.product_name} ({each.reference}) ends {formatDay(each.term_end)},{' '}
                  {inDays(each.days_left)};{' '}
                  {each.auto_renew ? 'renews automatically' : 'does not renew'}.
                </li>
              ))}
            </Plain>
          )}
        </Section>
      </Sections>
    </Panel>
  );
}
