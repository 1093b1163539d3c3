import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { mdiIpNetwork } from '@mdi/js';
import { AddressAllocate, type PublicAddress } from '@portal/api/contract';
import { tableReadProps } from '../../kit/queryError.ts';
import { ConfirmDialog, DataTable, EmptyState, Select, type DataTableColumn } from '@portal/ui';
import { FormDialog, FormSelect, useContractForm } from '../../kit/form/index.ts';
import {
  confirmTask,
  dialogTask,
  isResourceBusy,
  useBusyRowIds,
  useTaskAction,
} from '../../kit/useTaskAction.ts';
import { useManageReason } from '../../state/permissions.ts';
import { computeCalls } from '../compute/queries.ts';
import { NETWORKING_PERMISSION } from './permission.ts';
import { api, networkingKeys, networkingQueries } from './queries.ts';
import { lookOf } from './state.ts';
import { SectionToolbar } from './SectionToolbar.tsx';
import { stateChip } from './stateChip.tsx';

const ADDRESSES_PENDING = 'networking:addresses';

const addressResource = (address: PublicAddress) => `public_address:${address.id}`;
/** Only the tenant's own (managed) addresses have tasks; the others are NAT entries' addresses. */
const addressRowResource = (address: PublicAddress) =>
  address.managed ? addressResource(address) : '';
const addressBusyReason = (address: PublicAddress) =>
  address.managed && isResourceBusy(addressResource(address))
    ? 'A task on this address is under way.'
    : undefined;
const addressRowId = (address: PublicAddress) => `${address.managed ? 'a' : 'n'}${address.id}`;
const addressName = (address: PublicAddress) => address.address ?? 'new address';
/** Managed and not being worked on, with an address the VM NAT call can take. */
const assignable = (address: PublicAddress) =>
  address.managed && address.state === 'allocated' && address.global_ipaddress_id !== null;

const ADDRESS_COLUMNS: DataTableColumn<PublicAddress>[] = [
  {
    id: 'address',
    header: 'Address',
    accessor: (address) => address.address ?? '—',
    hideable: false,
  },
  {
    id: 'location',
    header: 'Location',
    accessor: 'location',
    filter: 'select',
    width: 110,
    priority: 3,
  },
  {
    id: 'state',
    priority: 1,
    header: 'State',
    accessor: (address) => lookOf(address.state).label,
    cell: (address) => stateChip(address.state),
    width: 140,
  },
  {
    id: 'nat',
    priority: 2,
    header: 'NAT entry',
    accessor: (address) =>
      address.nat
        ? `${address.nat.display_name} (${address.nat.private_ip ?? 'no address'})`
        : 'Not assigned',
  },
];

/** The gateway select answers the id as text; the contract wants a number. */
const allocateBody = (values: { gateway_id: string }): AddressAllocate => ({
  gateway_id: Number(values.gateway_id),
});

/** A public address from a gateway: which gateway (so which site). */
function AllocateDialog({ onClose }: { onClose: () => void }) {
  const gateways = useQuery(networkingQueries.gateways());
  const task = useTaskAction({
    operation: 'Allocate a public address',
    kind: 'other',
    invalidates: [networkingKeys.all],
    runningLabel: 'Allocating…',
    pendingIn: ADDRESSES_PENDING,
    createdResource: (accepted) => `public_address:${String(accepted['id'])}`,
  });
  const form = useContractForm<{ gateway_id: string }>(AddressAllocate, {
    defaultValues: { gateway_id: '' },
    toBody: allocateBody,
    labels: { gateway_id: 'gateway' },
    messages: { gateway_id: 'Choose a gateway.' },
  });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title="Allocate a public address"
      description="The address comes from the gateway's site; assign it to a machine there with NAT."
      submitLabel="Allocate"
      onSubmit={async (values) => {
        await dialogTask(task, () => api().allocate(allocateBody(values)));
      }}
    >
      <FormSelect<{ gateway_id: string }>
        name="gateway_id"
        label="Gateway"
        required
        placeholder="Choose a gateway"
        options={(gateways.data ?? [])
          .filter((gateway) => gateway.state === 'active')
          .map((gateway) => ({
            value: String(gateway.id),
            label: `${gateway.name} (${gateway.location})`,
          }))}
      />
    </FormDialog>
  );
}

/** NAT from a public address to a machine at its site. */
function AssignDialog({
  address,
  vms,
  onClose,
}: {
  address: PublicAddress;
  vms: { id: number; name: string }[];
  onClose: () => void;
}) {
  const [vm, setVm] = useState('');
  const [error, setError] = useState<string>();
  const task = useTaskAction({
    operation: `Assign ${addressName(address)}`,
    kind: 'other',
    resource: addressResource(address),
    invalidates: [networkingKeys.all],
    runningLabel: 'Assigning…',
  });
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Assign ${addressName(address)}`}
      description={`Traffic to ${addressName(address)} reaches the machine chosen, through NAT on its gateway.`}
      confirmLabel="Assign"
      tone="primary"
      onConfirm={async () => {
        const globalId = address.global_ipaddress_id;
        if (!vm || globalId === null) {
          setError('Choose a virtual machine.');
          throw new Error('Choose a virtual machine.');
        }
        const { compute } = computeCalls();
        await confirmTask(
          task.run(() => compute.createNat(Number(vm), address.gateway_id, globalId)),
        );
      }}
    >
      <Select
        label="Virtual machine"
        placeholder={vms.length ? 'Choose a virtual machine' : `No machine at ${address.location}`}
        value={vm}
        onValueChange={(value) => {
          setVm(value);
          setError(undefined);
        }}
        error={error}
        options={vms.map((each) => ({ value: String(each.id), label: each.name }))}
      />
    </ConfirmDialog>
  );
}

type AddressDialog =
  | { kind: 'allocate' }
  | { kind: 'assign'; address: PublicAddress }
  | { kind: 'release'; address: PublicAddress };

export function AddressesSection() {
  const addresses = useQuery(networkingQueries.addresses());
  const topology = useQuery(networkingQueries.topology());
  const readOnly = useManageReason(NETWORKING_PERMISSION);
  const [dialog, setDialog] = useState<AddressDialog | null>(null);
  const busyAddresses = useBusyRowIds(addresses.data, addressRowId, addressRowResource);
  const task = useTaskAction({
    operation: 'Public address',
    kind: 'other',
    invalidates: [networkingKeys.all],
  });
  const vmsAt = (location: string) =>
    (topology.data?.vms ?? [])
      .filter((vm) => vm.location === location)
      .map((vm) => ({ id: vm.id, name: vm.display_name }));
  const cancelNat = (address: PublicAddress) => {
    const nat = address.nat;
    if (!nat) return;
    void task.run(() => computeCalls().compute.cancelNat(nat.vm_id, nat.id), {
      operation: `Remove NAT of ${addressName(address)}`,
      resource: addressResource(address),
      runningLabel: 'Removing…',
    });
  };
  /** Why an address without NAT cannot be assigned or released now; none when it can. */
  const notAssignableReason = (address: PublicAddress) =>
    readOnly ??
    addressBusyReason(address) ??
    (assignable(address) ? undefined : 'The address is not ready yet.');
  const close = () => setDialog(null);
  return (
    <section aria-label="Public addresses">
      <DataTable<PublicAddress>
        aria-label="Public addresses"
        data={addresses.data ?? []}
        columns={ADDRESS_COLUMNS}
        getRowId={addressRowId}
        getRowLabel={addressName}
        busyRowIds={busyAddresses}
        {...tableReadProps(addresses)}
        searchLabel="Search public addresses"
        emptyState={
          <EmptyState
            icon={mdiIpNetwork}
            title="No public addresses yet"
            description="Allocate one from a gateway, then assign it to a machine with NAT."
          />
        }
        toolbar={
          <SectionToolbar
            createLabel="Allocate address"
            readOnly={readOnly}
            onCreate={() => setDialog({ kind: 'allocate' })}
            pendingIn={ADDRESSES_PENDING}
          />
        }
        rowActions={(address) =>
          address.nat
            ? [
                {
                  id: 'cancel',
                  label: 'Remove NAT entry',
                  onSelect: () => cancelNat(address),
                  disabledReason: readOnly ?? addressBusyReason(address),
                },
              ]
            : [
                {
                  id: 'assign',
                  label: 'Assign to a virtual machine…',
                  onSelect: () => setDialog({ kind: 'assign', address }),
                  disabledReason: notAssignableReason(address),
                },
                {
                  id: 'release',
                  label: 'Release',
                  tone: 'danger' as const,
                  onSelect: () => setDialog({ kind: 'release', address }),
                  disabledReason: notAssignableReason(address),
                },
              ]
        }
      />
      {dialog?.kind === 'allocate' && <AllocateDialog onClose={close} />}
      {dialog?.kind === 'assign' && (
        <AssignDialog
          address={dialog.address}
          vms={vmsAt(dialog.address.location)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'release' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && close()}
          title={`Release ${addressName(dialog.address)}?`}
          description="The address goes back to the provider; you may not get it again."
          confirmLabel="Release"
          tone="danger"
          onConfirm={async () => {
            const address = dialog.address;
            await confirmTask(
              task.run(() => api().release(address.id), {
                operation: `Release ${addressName(address)}`,
                resource: addressResource(address),
              }),
            );
          }}
        />
      )}
    </section>
  );
}
