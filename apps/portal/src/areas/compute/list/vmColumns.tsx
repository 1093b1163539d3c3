import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { PowerState, Vm, VmStatus } from '@portal/api/contract';
import { StatusChip, type DataTableColumn } from '@portal/ui';
import { appState } from '../../../state/app.ts';
import { formatMemory, osName } from '../../../lib/format.ts';
import { searchOf, withPrevSearch } from '../../../kit/prevSearch.ts';

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

/** Memory in GB as people read it: `4 GB`, `0.5 GB` (kept for the create wizard's import). */
export const memoryText = formatMemory;

export const osText = (vm: Vm) => osName(vm.os);

/** The VM's addresses, first adapter first; empty before they are assigned. */
export const ipsText = (vm: Vm) =>
  vm.adapters
    .map((adapter) => adapter.ip)
    .filter(Boolean)
    .join(', ');

const Cells = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  flex-wrap: wrap;
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

export interface VmColumnOptions {
  /** A VM's detail page; the name links there with the list's search carried along. */
  detailPathOf?: (vm: Vm) => string;
  /** Where its console opens, when the list offers one. */
  consoleHrefOf?: (vm: Vm) => string;
}

/** The list's columns: name, status, power, OS, vCPU, memory, location, IPs (and console). */
export function vmColumns({ detailPathOf, consoleHrefOf }: VmColumnOptions): DataTableColumn<Vm>[] {
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
      cell: (vm) => (
        <StatusChip status={STATUS_LOOK[vm.status].chip} label={STATUS_LOOK[vm.status].label} />
      ),
    },
    {
      id: 'power',
      header: 'Power',
      accessor: (vm) => POWER_LABEL[vm.power_state],
      filter: 'select',
      width: 140,
      cell: (vm) => (
        <Cells>
          <StatusChip status={vm.power_state} />
          {vm.task_id !== null && <StatusChip status="RUNNING" label="Busy" />}
        </Cells>
      ),
    },
    { id: 'os', header: 'OS', accessor: osText, width: 'minmax(130px, 1fr)' },
    { id: 'vcpus', header: 'vCPU', accessor: 'vcpus', align: 'end', width: 84 },
    {
      id: 'memory',
      header: 'Memory',
      accessor: 'memory',
      align: 'end',
      width: 104,
      searchable: false,
      cell: (vm) => memoryText(vm.memory),
    },
    {
      id: 'location',
      header: 'Location',
      accessor: 'location',
      width: 104,
      // A series lives at one site (its page says which): room for the console link instead.
      defaultHidden: consoleHrefOf !== undefined,
    },
    {
      id: 'ips',
      header: 'IP addresses',
      accessor: ipsText,
      width: 'minmax(122px, 1fr)',
      sortable: false,
      cell: (_vm, value) => (value ? <span>{String(value)}</span> : <Muted>none yet</Muted>),
    },
  ];
  if (consoleHrefOf)
    columns.push({
      id: 'console',
      header: 'Console',
      width: 110,
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
