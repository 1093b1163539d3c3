import type { ListPagingQuery, VwseriesBackup, VwseriesUsage } from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import type { Caller } from '../../plugins/access.ts';
import type { ListCache } from '../../platform/list-cache.ts';
import type { Prepared } from '../../platform/tasks/route.ts';
import { listVms } from '../compute/index.ts';
import { findVwseries, serviceList, type VwseriesRecord } from './repository.ts';

/** What the vwseries services work with. */
export interface VwseriesDeps {
  db: Queryable;
  /** The list reply cache; lists are made afresh without it. */
  lists?: ListCache;
}

async function requireService(
  deps: VwseriesDeps,
  caller: Caller,
  serviceid: string,
  lock = false,
): Promise<VwseriesRecord> {
  const service = await findVwseries(deps.db, caller.tenantId, { serviceid }, lock);
  if (!service) throw notFound(`No vwseries service ${serviceid}.`);
  return service;
}

/** `GET /services/vwseries`: the reply's JSON text, the whole list or a page. */
export const listServices = (deps: VwseriesDeps, caller: Caller, query: ListPagingQuery) =>
  serviceList.reply(deps, caller.tenantId, query);

/** Throws 404 unless the service is the caller's; the VM routes under it check this first. */
export async function checkService(
  deps: VwseriesDeps,
  caller: Caller,
  serviceid: string,
): Promise<void> {
  await requireService(deps, caller, serviceid);
}

/**
 * The service's backup: the policy and last run as the platform reported them at the last
 * refresh, and per VM (each VM's share follows from its disk, as a backup system would report).
 * The size adds up what the runs backed up, so it is 0 while no run has happened.
 */
export async function readBackup(
  deps: VwseriesDeps,
  caller: Caller,
  serviceid: string,
): Promise<VwseriesBackup> {
  const service = await requireService(deps, caller, serviceid);
  const vms = await listVms(deps.db, caller.tenantId, { series: 'vwseries', serviceid });
  const { backup } = service;
  const lastRun = backup.last_backup_at ? new Date(backup.last_backup_at) : null;
  const jobs = vms.map((vm) => {
    // A VM is backed up only by a run after it was made: before the first run nothing is.
    const backedUp = lastRun !== null && vm.createdAt <= lastRun;
    return {
      vm_id: vm.id,
      display_name: vm.displayName,
      last_backup_at: backedUp ? backup.last_backup_at : null,
      result: backedUp ? backup.last_result : null,
      // Used space: a deterministic 20–60 % of the disk.
      size_gb: backedUp
        ? Math.round(vm.diskSizeGb * (0.2 + ((vm.id * 37) % 41) / 100) * 10) / 10
        : 0,
    };
  });
  return {
    serviceid: service.serviceid,
    policy: backup.policy,
    retention_days: backup.retention_days,
    last_backup_at: backup.last_backup_at,
    last_result: backup.last_result,
    size_gb: Math.round(jobs.reduce((sum, job) => sum + job.size_gb, 0) * 10) / 10,
    jobs,
  };
}

/** What the service's VMs use of its limits. */
export async function readUsage(
  deps: VwseriesDeps,
  caller: Caller,
  serviceid: string,
): Promise<VwseriesUsage> {
  const service = await requireService(deps, caller, serviceid);
  const vms = await listVms(deps.db, caller.tenantId, { series: 'vwseries', serviceid });
  const sum = (pick: (vm: (typeof vms)[number]) => number) =>
    vms.reduce((total, vm) => total + pick(vm), 0);
  return {
    serviceid: service.serviceid,
    vm_count: vms.length,
    powered_on: vms.filter((vm) => vm.powerState === 'poweredOn').length,
    vcpus: { used: sum((vm) => vm.vcpus), limit: service.vcpuLimit },
    memory_gb: { used: sum((vm) => vm.memoryMb) / 1024, limit: service.memoryGbLimit },
    disk_gb: { used: sum((vm) => vm.diskSizeGb), limit: service.diskGbLimit },
  };
}

/** `POST /services/vwseries/{id}` with operation refresh: re-reads the service from the platform. */
export async function prepareRefresh(
  tx: Queryable,
  caller: Caller,
  serviceid: string,
): Promise<Prepared<Record<string, never>>> {
  const service = await requireService({ db: tx }, caller, serviceid, true);
  return { target: { id: service.id, name: service.serviceid }, payload: {} };
}
