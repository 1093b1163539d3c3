import { Alert, KeyValue } from '@portal/ui';

/** What the creation's 202 answered: the agents' account and secret. */
export interface AgentCredentials {
  agent_account: string;
  agent_secret: string;
}

/** The router state key the wizard hands the credentials to the new tenant's page under. */
export const AGENT_CREDENTIALS = 'agentCredentials';

/** The agent's account and secret, shown this once: only the secret's hash is kept. */
export function AgentSecret({ credentials }: { credentials: AgentCredentials }) {
  return (
    <>
      <Alert kind="info" title="The agent's account and secret">
        Copy the agent&apos;s secret now: it is shown only this once. Backup agents sign in with
        this account and secret once the backup tenant has been created.
      </Alert>
      <KeyValue
        items={[
          {
            label: 'Agent account',
            value: credentials.agent_account,
            mono: true,
            copyable: true,
            copyLabel: 'Copy the agent account',
          },
          {
            label: 'Agent secret',
            value: credentials.agent_secret,
            mono: true,
            copyable: true,
            copyLabel: 'Copy the agent secret',
          },
        ]}
      />
    </>
  );
}
