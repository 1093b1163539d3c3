import { formatSizeGb } from '../../lib/format.ts';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  BACKUP_CREATED_MESSAGE,
  BACKUP_LOCATIONS,
  BACKUP_NAME_MAX,
  BACKUP_PRODUCTS,
  BackupCreate,
  DEFAULT_RETENTION,
  RETENTION_FIELDS,
  type BackupCreateAccepted,
} from '@portal/api/contract';
import { Alert, BackButton, KeyValue, PageHeader } from '@portal/ui';
import {
  CreateFlow,
  FormSelect,
  FormTextField,
  serverFieldOf,
  useContractForm,
  type CreateStep,
} from '../../kit/form/index.ts';
import { usePreloadPage } from '../../kit/area.tsx';
import { useTaskAction } from '../../kit/useTaskAction.ts';
import { useCanState } from '../../state/permissions.ts';
import { AGENT_CREDENTIALS, type AgentCredentials } from './AgentSecret.tsx';
import { QuotaFields, RetentionFields } from './LimitFields.tsx';
import { BACKUP_PERMISSION } from './permission.ts';
import { api, backupKeys } from './queries.ts';
import { fittingColumns } from '../../kit/layout.ts';

const LIST_PATH = '/backup';

const EMPTY: BackupCreate = {
  name: '',
  location: 'TYO1',
  product: 'Veeam Cloud Connect',
  quota_gb: 500,
  warning_percent: 80,
  retention: DEFAULT_RETENTION,
};

const Layout = styled.div`
  display: grid;
  gap: 20px;
  max-width: 880px;
`;

const Fields = styled.div`
  ${fittingColumns(220)}
  align-items: start;
`;

const Heading = styled.h3`
  margin: 16px 0 8px;
  font-size: 1rem;
`;

/**
 * `/backup/create`: name, location and product; quota and retention; then the summary. Once the
 * server accepts, the new tenant's page opens at once (the tenant "Creating" until the task ends,
 * whose outcome arrives in the task centre), with the agent's secret shown there this once.
 */
export function BackupCreatePage() {
  const navigate = useNavigate();
  // The new backup tenant's page opens as soon as the server accepts: its code is here by then.
  usePreloadPage('/backup/00000000-0000-0000-0000-000000000000');
  const canCreate = useCanState('backup', 'manage');
  const createTask = useTaskAction({
    operation: 'Create backup tenant',
    kind: 'backup',
    successMessage: BACKUP_CREATED_MESSAGE,
    invalidates: [backupKeys.all],
    runningLabel: 'Creating…',
    createdResource: (accepted) => `backup:${String(accepted['uuid'])}`,
  });
  const form = useContractForm<BackupCreate>(BackupCreate, {
    defaultValues: EMPTY,
    labels: { quota_gb: 'quota', warning_percent: 'warning threshold' },
  });

  const submit = async (values: BackupCreate) => {
    const accepted: { reply: BackupCreateAccepted | null } = { reply: null };
    const run = await createTask.run(
      async () => {
        accepted.reply = await api().create(values);
        return accepted.reply;
      },
      {
        operation: `Create ${values.name}`,
        onRequestError: (error) => serverFieldOf(error, form) !== undefined,
      },
    );
    if (!run.ok) throw run.error;
    const created = accepted.reply;
    if (!created) return;
    // Accepted: the tenant's page opens at once, showing it "Creating" and the agent's secret.
    const credentials: AgentCredentials = {
      agent_account: created.agent_account,
      agent_secret: created.agent_secret,
    };
    void navigate(`/backup/${created.uuid}`, { state: { [AGENT_CREDENTIALS]: credentials } });
  };

  const steps: CreateStep<BackupCreate>[] = [
    {
      id: 'basics',
      label: 'Name and location',
      fields: ['name', 'location', 'product'],
      content: (
        <Fields>
          <FormTextField<BackupCreate>
            name="name"
            label="Name"
            required
            maxLength={BACKUP_NAME_MAX}
            autoComplete="off"
            help="Letters, digits, spaces, dots, dashes and underscores; a letter or digit first."
          />
          <FormSelect<BackupCreate>
            name="location"
            label="Location"
            required
            options={BACKUP_LOCATIONS.map((entry) => ({
              value: entry.location,
              label: `${entry.location}: ${entry.repository}`,
            }))}
          />
          <FormSelect<BackupCreate>
            name="product"
            label="Backup product"
            required
            options={BACKUP_PRODUCTS.map((product) => ({ value: product, label: product }))}
          />
        </Fields>
      ),
    },
    {
      id: 'quota',
      label: 'Quota and retention',
      fields: [
        'quota_gb',
        'warning_percent',
        'retention.keep_last',
        'retention.daily',
        'retention.weekly',
        'retention.monthly',
        'retention.yearly',
      ],
      content: (
        <>
          <Fields>
            <QuotaFields
              quotaStep={10}
              quotaHelp="A job that would pass it fails."
              warningHelp="The portal warns from this share of the quota."
            />
          </Fields>
          <Heading>Retention</Heading>
          <Fields>
            <RetentionFields />
          </Fields>
        </>
      ),
    },
  ];

  return (
    <Layout>
      <PageHeader
        title="Create a backup tenant"
        description="A backup account your agents sign in to, with its storage quota and retention."
        back={<BackButton href={LIST_PATH}>Backup tenants</BackButton>}
      />
      {canCreate === 'denied' ? (
        <Alert kind="info" title="You cannot create backup tenants">
          {BACKUP_PERMISSION.readOnly}
        </Alert>
      ) : (
        <CreateFlow
          form={form}
          steps={steps}
          summary={(values) => (
            <KeyValue
              columns={2}
              items={[
                { label: 'Name', value: values.name },
                { label: 'Location', value: values.location },
                { label: 'Product', value: values.product },
                { label: 'Quota', value: formatSizeGb(values.quota_gb) },
                { label: 'Warning at', value: `${values.warning_percent} %` },
                {
                  label: 'Retention',
                  value: RETENTION_FIELDS.map(
                    (field) => `${field.label.toLowerCase()} ${values.retention[field.key]}`,
                  ).join(', '),
                },
              ]}
            />
          )}
          submitLabel="Create backup tenant"
          onSubmit={submit}
          aria-label="Steps to create a backup tenant"
        />
      )}
    </Layout>
  );
}
