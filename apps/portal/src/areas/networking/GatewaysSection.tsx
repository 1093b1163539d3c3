import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { mdiRouterNetwork } from '@mdi/js';
import { GatewayCreate, type Gateway } from '@portal/api/contract';
import { tableReadProps } from '../../kit/queryError.ts';
import { gatewayDeleteRefusal } from '@portal/api/domain';
import { DataTable, EmptyState, type DataTableColumn } from '@portal/ui';
import { DeleteDialog } from '../../kit/DeleteDialog.tsx';
import { deleteRowAction } from '../../kit/deleteRowAction.ts';
import {
  FormDialog,
  FormSelect,
  FormSwitch,
  FormTextField,
  useContractForm,
} from '../../kit/form/index.ts';
import {
  dialogTask,
  useBusyRowIds,
  useResourceBusy,
  useTaskAction,
} from '../../kit/useTaskAction.ts';
import { useManageReason } from '../../state/permissions.ts';
import { NETWORKING_PERMISSION } from './permission.ts';
import { api, networkingKeys, networkingQueries, siteLocations } from './queries.ts';
import { lookOf } from './state.ts';
import { SectionToolbar } from './SectionToolbar.tsx';
import { stateChip } from './stateChip.tsx';

const GATEWAYS_PENDING = 'networking:gateways';

const gatewayResource = (gateway: Gateway) => `network_gateway:${gateway.id}`;
const gatewayRowId = (gateway: Gateway) => String(gateway.id);

/** Source NAT as it is, or what the task on it is doing. */
function SnatCell({ gateway }: { gateway: Gateway }) {
  const { busy, label } = useResourceBusy(gatewayResource(gateway));
  return <>{busy ? label : gateway.snat ? 'On' : 'Off'}</>;
}

const GATEWAY_COLUMNS: DataTableColumn<Gateway>[] = [
  { id: 'name', header: 'Name', accessor: 'name', hideable: false },
  { id: 'location', header: 'Location', accessor: 'location', width: 110, priority: 3 },
  {
    id: 'external_address',
    priority: 2,
    header: 'External address',
    accessor: (gateway) => gateway.external_address || '—',
  },
  {
    id: 'snat',
    priority: 3,
    header: 'Source NAT',
    accessor: (gateway) => (gateway.snat ? 'On' : 'Off'),
    cell: (gateway) => <SnatCell gateway={gateway} />,
    width: 130,
  },
  {
    id: 'networks',
    priority: 4,
    header: 'Networks',
    accessor: 'network_count',
    align: 'end',
    width: 110,
  },
  {
    id: 'state',
    priority: 1,
    header: 'State',
    accessor: (gateway) => lookOf(gateway.state).label,
    cell: (gateway) => stateChip(gateway.state),
    width: 130,
  },
];

const gatewayBody = (values: GatewayCreate): GatewayCreate => ({
  ...values,
  name: values.name.trim(),
});

/** A new gateway at a site: its name, where, and whether its networks reach out through it. */
function CreateGatewayDialog({ onClose }: { onClose: () => void }) {
  const sites = useQuery(siteLocations());
  const task = useTaskAction({
    operation: 'Create gateway',
    kind: 'other',
    invalidates: [networkingKeys.all],
    runningLabel: 'Creating…',
    pendingIn: GATEWAYS_PENDING,
    createdResource: (accepted) => `network_gateway:${String(accepted['id'])}`,
  });
  const form = useContractForm<GatewayCreate>(GatewayCreate, {
    defaultValues: { name: '', location: '', snat: true },
    labels: { name: 'name', location: 'location' },
    messages: { location: 'Choose a location.' },
    toBody: gatewayBody,
  });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title="Create a gateway"
      description="A gateway leads a site's networks to the internet and holds its public addresses."
      submitLabel="Create gateway"
      onSubmit={async (values) => {
        const body = gatewayBody(values);
        await dialogTask(task, () => api().createGateway(body), {
          operation: `Create gateway ${body.name}`,
        });
      }}
    >
      <FormTextField<GatewayCreate> name="name" label="Name" required autoFocus />
      <FormSelect<GatewayCreate>
        name="location"
        label="Location"
        required
        placeholder="Choose a site"
        options={(sites.data ?? []).map((site) => ({ value: site, label: site }))}
      />
      <FormSwitch<GatewayCreate>
        name="snat"
        label="Source NAT"
        help="Machines on its networks reach the internet through the gateway's address."
      />
    </FormDialog>
  );
}

/** Why the list offers no delete for a gateway (the server also counts NAT entries and addresses). */
const gatewayDeleteReason = (gateway: Gateway): string | undefined => {
  if (gateway.state === 'creating') return 'The gateway is not ready yet.';
  if (gateway.state === 'deleting') return 'The gateway is being deleted.';
  return (
    gatewayDeleteRefusal(gateway.name, {
      networks: gateway.network_count,
      addresses: 0,
      nats: 0,
    }) ?? undefined
  );
};

export function GatewaysSection() {
  const gateways = useQuery(networkingQueries.gateways());
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Gateway | null>(null);
  const readOnly = useManageReason(NETWORKING_PERMISSION);
  const busyGateways = useBusyRowIds(gateways.data, gatewayRowId, gatewayResource);
  const snat = useTaskAction({
    operation: 'Source NAT',
    kind: 'other',
    invalidates: [networkingKeys.all],
    runningLabel: 'Changing…',
  });
  const toggle = (gateway: Gateway) =>
    void snat.run(() => api().setSnat(gateway.id, !gateway.snat), {
      operation: `Source NAT on ${gateway.name}`,
      resource: gatewayResource(gateway),
    });
  return (
    <section aria-label="Gateways">
      <DataTable<Gateway>
        aria-label="Gateways"
        data={gateways.data ?? []}
        columns={GATEWAY_COLUMNS}
        getRowId={gatewayRowId}
        getRowLabel={(gateway) => gateway.name}
        busyRowIds={busyGateways}
        {...tableReadProps(gateways)}
        searchLabel="Search gateways"
        defaultSorting={{ id: 'name' }}
        emptyState={
          <EmptyState
            icon={mdiRouterNetwork}
            title="No gateways yet"
            description="A gateway leads a site's networks to the internet."
          />
        }
        toolbar={
          <SectionToolbar
            createLabel="Create gateway"
            readOnly={readOnly}
            onCreate={() => setCreating(true)}
            pendingIn={GATEWAYS_PENDING}
          />
        }
        rowActions={(gateway) => [
          {
            id: 'snat',
            label: gateway.snat ? 'Turn source NAT off' : 'Turn source NAT on',
            onSelect: () => toggle(gateway),
            disabledReason:
              readOnly ??
              (gateway.state !== 'active' ? 'The gateway is not ready yet.' : undefined),
          },
          deleteRowAction(() => setDeleting(gateway), readOnly ?? gatewayDeleteReason(gateway)),
        ]}
      />
      {creating && <CreateGatewayDialog onClose={() => setCreating(false)} />}
      {deleting && (
        <DeleteDialog
          name={deleting.name}
          noun="gateway"
          description={`${deleting.external_address ? `Its external address ${deleting.external_address} is given up. ` : ''}No data is lost: it serves no network, and you can create a gateway again at any time.`}
          typeToConfirm={false}
          open
          onOpenChange={(open) => {
            if (!open) setDeleting(null);
          }}
          removal={{
            task: () => api().deleteGateway(deleting.id),
            resource: gatewayResource(deleting),
            invalidates: [networkingKeys.all],
          }}
        />
      )}
    </section>
  );
}
