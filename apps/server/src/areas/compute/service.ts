// What every compute service uses: its dependencies, the VM lookups and locks, and the checks the
// task routes share. The services themselves are per entity: vm-, snapshot-, nat- and
// firewall-service.ts.
import type { Catalogue, SiteAction, TaskStatus } from '@portal/api/contract';
import type { Database, Queryable } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Caller } from '../../plugins/access.ts';
import type { AreaDrivers } from '../../platform/area.ts';
import type { ListCache } from '../../platform/list-cache.ts';
import type { Prepared } from '../../platform/tasks/route.ts';
import { findTaskStatus, type TaskKind } from '../../platform/tasks/store.ts';
import type { ComputeDriver } from './driver.ts';
import { siteCatalogue } from './sites.ts';
import { findVm, type VmRecord, type VmScope } from './repository/vms.ts';

/** What the compute services work with. */
export interface ComputeDeps {
  db: Database;
  /** The compute driver of every site. */
  drivers: AreaDrivers<ComputeDriver>;
  /** Every site's creation catalogue in one (sites.ts); with a tenant, its own networks too. */
  catalogue(tenantId?: number, db?: Queryable): Promise<Catalogue>;
  /** The list reply cache; lists are made afresh without it. */
  lists?: ListCache;
}

export type { VmScope } from './repository/vms.ts';

/** The compute services' dependencies at every site. */
export const computeDeps = (
  db: Database,
  drivers: AreaDrivers<ComputeDriver>,
  lists?: ListCache,
): ComputeDeps => ({
  db,
  drivers,
  catalogue: (tenantId, q) => siteCatalogue(drivers, tenantId, q),
  ...(lists ? { lists } : {}),
});

export const noSuchVm = (id: number) => notFound(`No virtual machine ${id}.`);
export const invalid = (field: string, reason: string) => badRequest(`${field}: ${reason}`, field);

/** The caller's VM in a scope (404 if it is not the caller's). */
export async function requireVm(
  db: Queryable,
  caller: Caller,
  scope: VmScope,
  id: number,
): Promise<VmRecord> {
  const vm = await findVm(db, caller.tenantId, scope, id);
  if (!vm) throw noSuchVm(id);
  return vm;
}

/** The catalogue with the caller's own networks and gateways at their sites. */
export const readCatalogue = (deps: ComputeDeps, caller: Caller): Promise<Catalogue> =>
  deps.catalogue(caller.tenantId);

/** A task's state and message; another tenant's task is as unknown as a missing one. */
export async function readTaskStatus(
  deps: { db: Queryable },
  caller: Caller,
  id: number,
  kind?: TaskKind,
): Promise<TaskStatus> {
  const status = await findTaskStatus(deps.db, caller.tenantId, id, kind);
  if (!status) throw notFound(`No task ${id}.`);
  return status;
}

// ---------------------------------------------------------------------------------------------
// Changing: each change is a task on the VM. These are the precondition checks the task routes
// run in the transaction that writes the task: they lock the VM (404 if it is not the caller's),
// refuse with 400 naming the field or 409 with a sentence, and answer the task's payload.

const targetOf = (vm: VmRecord) => ({ id: vm.id, name: vm.displayName });

/** The caller's VM in a scope, locked until the task is written. */
export async function lockTarget(
  tx: Queryable,
  caller: Caller,
  scope: VmScope,
  id: number,
): Promise<VmRecord> {
  const vm = await findVm(tx, caller.tenantId, scope, id, { lock: true });
  if (!vm) throw noSuchVm(id);
  return vm;
}

export const onVm = async <P>(
  tx: Queryable,
  caller: Caller,
  scope: VmScope,
  id: number,
  payload: P | ((vm: VmRecord) => P | Promise<P>),
  detail?: Record<string, unknown>,
): Promise<Prepared<P>> => {
  const vm = await lockTarget(tx, caller, scope, id);
  const value =
    typeof payload === 'function' ? await (payload as (vm: VmRecord) => P)(vm) : payload;
  return { target: targetOf(vm), payload: value, ...(detail ? { detail } : {}) };
};

/**
 * A 409 with the site's own reason when its platform cannot do `action` (an LXD container has no
 * CD-ROM drive): the portal offers such actions disabled, and the server starts no task for them.
 */
export function refuseWhereUnavailable(deps: ComputeDeps, vm: VmRecord, action: SiteAction): void {
  const reason = deps.drivers.at(vm.location).unavailable?.[action];
  if (reason) throw conflict(reason);
}

export const siteAt = (catalogue: Catalogue, location: string) =>
  catalogue.regions.flatMap((region) => region.sites).find((site) => site.location === location);

/** The scope of the eseries-only actions. */
export const ESERIES = { series: 'eseries' } as const;

/**
 * An eseries-only action that the VM's site must offer (NAT, firewall, VLAN, CD-ROM): the VM
 * locked, refused with the site's reason where its platform cannot, then `check` makes the payload.
 */
export const onSiteAction = <P>(
  deps: ComputeDeps,
  tx: Queryable,
  caller: Caller,
  id: number,
  action: SiteAction,
  check: (vm: VmRecord) => P | Promise<P>,
  detail?: Record<string, unknown>,
): Promise<Prepared<P>> =>
  onVm(
    tx,
    caller,
    ESERIES,
    id,
    (vm) => {
      refuseWhereUnavailable(deps, vm, action);
      return check(vm);
    },
    detail,
  );
