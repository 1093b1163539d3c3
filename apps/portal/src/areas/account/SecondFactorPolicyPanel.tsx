import { useState } from 'react';
import styled from 'styled-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from '@portal/api/client';
import { Card, ErrorState, Skeleton, Switch } from '@portal/ui';
import { notify } from '../../services.ts';
import { accountKeys, accountQueries, setSecondFactorPolicy } from './queries.ts';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(280px, 1fr));
  gap: 4px 24px;
`;

/**
 * The built-in administrator's control of the tenant-wide policy: for each tenant, whether its
 * users must sign in with a second factor. Shown on the administrator's account page, and
 * exported for the administration pages.
 */
export function SecondFactorPolicyPanel() {
  const client = useQueryClient();
  const policies = useQuery(accountQueries.policies());
  const [saving, setSaving] = useState<string | null>(null);

  const change = async (cdbId: string, name: string, required: boolean) => {
    setSaving(cdbId);
    try {
      await setSecondFactorPolicy(cdbId, required);
      await client.invalidateQueries({ queryKey: accountKeys.policies() });
      notify(
        required
          ? `Everyone in ${name} must now sign in with a second factor.`
          : `${name} no longer requires a second factor.`,
        'success',
      );
    } catch (error) {
      notify(errorText(error), 'error');
    } finally {
      setSaving(null);
    }
  };

  return (
    <Card
      title="Second factor by tenant"
      subtitle="Users of a tenant that requires it are asked to add a second factor after signing in, and the API refuses their sign-ins without one."
    >
      {policies.isPending ? (
        <Skeleton lines={4} />
      ) : policies.isError ? (
        <ErrorState
          title="The policies could not be read"
          description={errorText(policies.error)}
        />
      ) : (
        <List aria-label="Second-factor policy by tenant">
          {policies.data.map((policy) => (
            <li key={policy.cdb_id}>
              <Switch
                label={`${policy.name} (${policy.cdb_id})`}
                checked={policy.require_second_factor}
                disabled={saving === policy.cdb_id}
                onCheckedChange={(required) => void change(policy.cdb_id, policy.name, required)}
              />
            </li>
          ))}
        </List>
      )}
    </Card>
  );
}
