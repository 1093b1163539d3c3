// The columns of a VM list, shared by eseries and vwseries.
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { PowerState, Vm, VmStatus } from '@portal/api/contract';
import { StatusChip, type DataTableColumn } from '@portal/ui';
import { appState } from '../../state/app.ts';
import { formatDateTime, formatMemory, formatRelative, osName } from '../../lib/format.ts';
import { searchOf, withPrevSearch } from '../prevSearch.ts';
import { useResourceBusy } from '../useTaskAction.ts';
import { vmResource } from './power.ts';

export const POWER_LABEL: Record<PowerState, string> = {
  poweredOn: 'Powered on',
  poweredOff: 'Powered off',
  suspended: 'Suspended',
};

const STATUS_LOOK: Record<VmStatus, { chip: string; label: string }> = {
  trial: { chip: 'info', label: 'Trial' },
  active: { chip: 'success', label: 'Active' },
  error: { chip: 'error', label: 'Error' },
};

/** The VM's private addresses, first adapter first; empty before they are assigned. */
export const ipsText = (vm: Vm) =>
  vm.adapters
    .map((adapter) => adapter.ip)
    .filter(Boolean)
    .join(', ');

/** The VM's public addresses (its active NAT entries); empty without NAT. */
export const publicIpText = (vm: Vm) =>
  (vm.nat ?? [])
    .filter((nat) => nat.status === 'active')
    .map((nat) => nat.global_ipaddress)
    .join(', ');

const Cells = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  white-space: nowrap;
`;

const NoWrap = styled.span`
  white-space: nowrap;
`;

const NameLink = styled(Link)`
  font-weight: 600;
  color: var(--ui-color-primary-text, var(--ui-color-primary));
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Name = styled.span`
  font-weight: 600;
`;

const Muted = styled.span`
  color: var(--ui-color-text-secondary);
`;

/** A link to a VM's page that carries the list's search (as kept in the URL) along. */
function VmLink({ to, name }: { to: string; name: string }) {
  const [params] = useSearchParams();
  return <NameLink to={withPrevSearch(to, searchOf(params))}>{name}</NameLink>;
}

/** Power, and what runs on the VM: this tab's label ("Stopping…") or "Busy" for another's task. */
function PowerCell({ vm }: { vm: Vm }) {
  const { busy, label } = useResourceBusy(vmResource(vm));
  return (
    <Cells>
      <StatusChip status={vm.power_state} />
      {busy ? (
        <StatusChip status="RUNNING" label={label ?? 'Busy'} />
      ) : (
        vm.task_id !== null && <StatusChip status="RUNNING" label="Busy" />
      )}
    </Cells>
  );
}

export interface VmColumnOptions {
  /** A VM's detail page; the name links there with the list's search carried along. */
  detailPathOf?: (vm: Vm) => string;
  /** Where its console opens, when the list offers one. */
  consoleHrefOf?: (vm: Vm) => string;
  /** A series lives at one site (its page says which): location and plan start hidden. */
  oneSite?: boolean;
}

/** Name, status, power, OS, vCPU, memory, plan, location, private and public IPs, created. */
export function vmColumns({
  detailPathOf,
  consoleHrefOf,
  oneSite = false,
}: VmColumnOptions): DataTableColumn<Vm>[] {
  const columns: DataTableColumn<Vm>[] = [
    {
      id: 'name',
      header: 'Name',
      accessor: 'display_name',
      width: 'minmax(140px, 1.5fr)',
      hideable: false,
      cell: (vm) =>
        detailPathOf ? (
          <VmLink to={detailPathOf(vm)} name={vm.display_name} />
        ) : (
          <Name>{vm.display_name}</Name>
        ),
    },
    {
      id: 'status',
      header: 'Status',
      accessor: (vm) => STATUS_LOOK[vm.status].label,
      filter: 'select',
      width: 104,
      priority: 1,
      cell: (vm) => (
        <NoWrap>
          <StatusChip status={STATUS_LOOK[vm.status].chip} label={STATUS_LOOK[vm.status].label} />
        </NoWrap>
      ),
    },
    {
      id: 'power',
      header: 'Power',
      accessor: (vm) => POWER_LABEL[vm.power_state],
      filter: 'select',
      minWidth: 150,
      priority: 1,
      cell: (vm) => <PowerCell vm={vm} />,
    },
    {
      id: 'os',
      header: 'OS',
      accessor: (vm) => osName(vm.os),
      width: 'minmax(130px, 1fr)',
      priority: 3,
    },
    { id: 'vcpus', header: 'vCPU', accessor: 'vcpus', align: 'end', width: 76, priority: 2 },
    {
      id: 'memory',
      header: 'Memory',
      accessor: 'memory',
      align: 'end',
      width: 96,
      priority: 2,
      searchable: false,
      cell: (vm) => formatMemory(vm.memory),
    },
    {
      id: 'plan',
      header: 'Plan',
      accessor: (vm) => vm.plan.name,
      filter: 'select',
      priority: 4,
      defaultHidden: oneSite,
    },
    {
      id: 'location',
      header: 'Location',
      accessor: 'location',
      filter: 'select',
      width: 104,
      priority: 4,
      defaultHidden: oneSite,
    },
    {
      // No fixed width: the track is sized from the addresses, so they are not cut off.
      id: 'ips',
      header: 'Private IPs',
      accessor: ipsText,
      sortable: false,
      minWidth: 120,
      priority: 2,
      cell: (_vm, value) => (value ? <NoWrap>{String(value)}</NoWrap> : <Muted>none yet</Muted>),
    },
    {
      id: 'public',
      header: 'Public IP',
      accessor: publicIpText,
      sortable: false,
      minWidth: 110,
      priority: 3,
      cell: (_vm, value) => (value ? <NoWrap>{String(value)}</NoWrap> : <Muted>none</Muted>),
    },
    {
      id: 'created',
      header: 'Created',
      accessor: 'created_at',
      searchable: false,
      width: 132,
      priority: 5,
      cell: (vm) => (
        <span title={formatDateTime(vm.created_at)}>{formatRelative(vm.created_at)}</span>
      ),
    },
  ];
  if (consoleHrefOf)
    columns.push({
      id: 'console',
      header: 'Console',
      width: 96,
      hideable: false,
      cell: (vm) => (
        <Link
          to={consoleHrefOf(vm)}
          aria-label={`Open the console of ${vm.display_name}`}
          // Section 2: the item is passed along to the console page.
          onClick={() => {
            appState.item = vm;
          }}
        >
          Console
        </Link>
      ),
    });
  return columns;
}
