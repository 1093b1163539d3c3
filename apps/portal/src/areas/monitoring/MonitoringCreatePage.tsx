import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useWatch, type Control } from 'react-hook-form';
import {
  DNS_RECORD_TYPES,
  MONITOR_TYPES,
  MONITOR_TYPE_LABELS,
  MonitorCreate,
  type MonitorCreated,
  type MonitorTargets,
} from '@portal/api/contract';
import { monitorSettingsRefusal } from '@portal/api/domain';
import { Button, ErrorState, KeyValue } from '@portal/ui';
import { usePreloadPage } from '../../kit/area.tsx';
import { ListSkeleton } from '../../kit/ListPage.tsx';
import { queryErrorText } from '../../kit/queryError.ts';
import {
  CreateFlow,
  CreatePage,
  FormNumberField,
  FormRadioGroup,
  FormSelect,
  FormTextField,
  serverFieldOf,
  useContractForm,
  withContent,
} from '../../kit/form/index.ts';
import { useTaskAction } from '../../kit/useTaskAction.ts';
import {
  EMPTY_MONITOR_FORM,
  contactsOf,
  monitorCreateBody,
  monitorFieldOf,
  type MonitorForm,
} from './monitorCreateBody.ts';
import { monitoringClient, monitoringKeys, monitoringQueries } from './queries.ts';
import { WEBHOOK_SECRET } from './WebhookSecret.tsx';

/** The success sentence of the specification's section 8. */
export const MONITOR_CREATED = 'Monitoring has been created';

function TargetStep({
  targets,
  control,
}: {
  targets: MonitorTargets;
  control: Control<MonitorForm>;
}) {
  const tenant = useWatch({ control, name: 'tenant' });
  const kind = useWatch({ control, name: 'target_kind' });
  const vms = targets.find((t) => t.cdb_id === tenant)?.vms ?? [];
  return (
    <>
      <FormSelect<MonitorForm>
        name="tenant"
        label="Customer tenant"
        options={targets.map((t) => ({ value: t.cdb_id, label: `${t.cdb_id} · ${t.name}` }))}
        required
      />
      <FormRadioGroup<MonitorForm>
        name="target_kind"
        label="Watch"
        orientation="horizontal"
        options={[
          { value: 'vm', label: 'One of its VMs' },
          { value: 'address', label: 'An address' },
          { value: 'url', label: 'A URL' },
        ]}
      />
      {kind === 'vm' ? (
        <FormSelect<MonitorForm>
          name="vm_id"
          label="VM"
          options={vms.map((vm) => ({
            value: String(vm.id),
            label: `${vm.display_name}${vm.address ? ` (${vm.address})` : ''}`,
          }))}
          help={tenant && vms.length === 0 ? 'This tenant has no VMs.' : undefined}
          required
        />
      ) : (
        <FormTextField<MonitorForm>
          name="target"
          label={kind === 'url' ? 'URL' : 'Host name or IP address'}
          placeholder={kind === 'url' ? 'https://shop.example.com/' : 'shop.example.com'}
          required
        />
      )}
    </>
  );
}

function CheckStep({ control }: { control: Control<MonitorForm> }) {
  const type = useWatch({ control, name: 'type' });
  return (
    <>
      <FormTextField<MonitorForm> name="name" label="Name" required />
      <FormSelect<MonitorForm>
        name="type"
        label="Check"
        options={MONITOR_TYPES.map((value) => ({ value, label: MONITOR_TYPE_LABELS[value] }))}
      />
      {type === 'tcp' ? (
        <FormNumberField<MonitorForm> name="port" label="Port" min={1} max={65535} />
      ) : null}
      {type === 'http' ? (
        <>
          <FormNumberField<MonitorForm>
            name="expected_status"
            label="Expected status"
            min={100}
            max={599}
          />
          <FormTextField<MonitorForm>
            name="keyword"
            label="Keyword (optional)"
            help="Text the page must contain."
          />
        </>
      ) : null}
      {type === 'dns' ? (
        <FormSelect<MonitorForm>
          name="dns_record_type"
          label="Record type"
          options={DNS_RECORD_TYPES.map((value) => ({ value, label: value }))}
        />
      ) : null}
      {type === 'tls' ? (
        <FormNumberField<MonitorForm>
          name="tls_days_threshold"
          label="Warn this many days before expiry"
          min={1}
          max={365}
        />
      ) : null}
      <FormNumberField<MonitorForm>
        name="interval_seconds"
        label="Interval"
        unit="s"
        min={20}
        max={3600}
      />
      <FormNumberField<MonitorForm>
        name="timeout_seconds"
        label="Timeout"
        unit="s"
        min={1}
        max={60}
      />
      <FormNumberField<MonitorForm>
        name="retries"
        label="Failed checks before down"
        min={0}
        max={5}
      />
    </>
  );
}

const STEPS = [
  {
    id: 'target',
    label: 'Tenant and target',
    fields: ['tenant', 'target_kind', 'vm_id', 'target'],
  },
  {
    id: 'check',
    label: 'Check',
    fields: [
      'name',
      'type',
      'port',
      'expected_status',
      'keyword',
      'dns_record_type',
      'tls_days_threshold',
      'interval_seconds',
      'timeout_seconds',
      'retries',
    ],
  },
  { id: 'alerts', label: 'Alerts', fields: ['contacts'] },
] as const;

function Flow({ targets }: { targets: MonitorTargets }) {
  const navigate = useNavigate();
  const task = useTaskAction({
    operation: 'Create monitor',
    kind: 'other',
    successMessage: MONITOR_CREATED,
    invalidates: [monitoringKeys.all],
    runningLabel: 'Creating…',
    // No busy mark on the new monitor: its page shows the server's "Pending" until the first
    // checks, and a mark there would spin its Delete button.
  });
  const form = useContractForm<MonitorForm>(MonitorCreate, {
    defaultValues: EMPTY_MONITOR_FORM,
    toBody: monitorCreateBody,
    fieldOf: monitorFieldOf,
    refine: (values) => {
      const problems: Partial<Record<keyof MonitorForm, string>> = {};
      if (!values.tenant) problems.tenant = 'Choose the customer tenant.';
      if (!values.name.trim()) problems.name = 'Enter a name for the monitor.';
      const refusal = monitorSettingsRefusal(monitorCreateBody(values));
      const field = refusal ? monitorFieldOf(refusal.field) : undefined;
      if (refusal && field && !problems[field]) problems[field] = refusal.message;
      return problems;
    },
    labels: { vm_id: 'VM', interval_seconds: 'interval', timeout_seconds: 'timeout' },
  });
  const submit = async (values: MonitorForm) => {
    const body = monitorCreateBody(values);
    const accepted: { reply: MonitorCreated | null } = { reply: null };
    const run = await task.run(
      async () => {
        accepted.reply = await monitoringClient().create(body);
        return accepted.reply;
      },
      { onRequestError: (error) => serverFieldOf(error, form, monitorFieldOf) !== undefined },
    );
    if (!run.ok) throw run.error;
    const created = accepted.reply;
    if (!created) return;
    // Accepted: the monitor's page opens at once, "Pending" until its task ends (whose outcome
    // arrives in the task centre), with the webhook secret shown there this once.
    const secret = created.webhook_secret ?? null;
    void navigate(
      `/monitoring/${created.id}`,
      secret === null ? undefined : { state: { [WEBHOOK_SECRET]: secret } },
    );
  };
  const steps = withContent<MonitorForm, (typeof STEPS)[number]>(STEPS, {
    target: <TargetStep targets={targets} control={form.control} />,
    check: <CheckStep control={form.control} />,
    alerts: (
      <FormTextField<MonitorForm>
        name="contacts"
        label="Alert contacts"
        help="E-mail addresses and webhook URLs, separated by commas. Alerts are e-mailed and posted, signed; the signing secret is shown once, after creation."
      />
    ),
  });
  return (
    <CreateFlow
      form={form}
      steps={steps}
      summary={(values) => {
        const tenant = targets.find((t) => t.cdb_id === values.tenant);
        const vm = tenant?.vms.find((candidate) => String(candidate.id) === values.vm_id);
        return (
          <KeyValue
            items={[
              {
                label: 'Tenant',
                value: tenant ? `${tenant.cdb_id} · ${tenant.name}` : values.tenant,
              },
              {
                label: 'Target',
                value: values.target_kind === 'vm' ? vm?.display_name : values.target,
              },
              { label: 'Name', value: values.name },
              { label: 'Check', value: MONITOR_TYPE_LABELS[values.type] },
              { label: 'Interval', value: `${values.interval_seconds ?? ''} s` },
              {
                label: 'Alert contacts',
                value:
                  contactsOf(values.contacts)
                    .map((c) => c.address)
                    .join(', ') || 'none',
              },
            ]}
          />
        );
      }}
      submitLabel="Create monitor"
      onSubmit={submit}
      serverFields={monitorFieldOf}
      aria-label="Steps to create a monitor"
    />
  );
}

/** `/monitoring/create` (super-tenant user only): watch a customer's VM, address or URL. */
export function MonitoringCreatePage() {
  const targets = useQuery(monitoringQueries.targets());
  // The new monitor's page opens as soon as the server accepts: its code is here by then.
  usePreloadPage('/monitoring/0');
  return (
    <CreatePage
      title="Create a monitor"
      description="Choose the customer tenant and what to watch; the check runs on its interval from then on."
      back={{ href: '/monitoring', label: 'Monitoring' }}
    >
      {targets.error ? (
        <ErrorState
          title="The tenants could not be loaded"
          description={queryErrorText(targets.error)}
          action={<Button onClick={() => void targets.refetch()}>Try again</Button>}
        />
      ) : !targets.data ? (
        <ListSkeleton label="Loading the tenants" rows={3} />
      ) : (
        <Flow targets={targets.data} />
      )}
    </CreatePage>
  );
}
