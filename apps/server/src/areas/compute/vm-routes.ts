import {
  ConsoleTicket,
  Envelope,
  ListReply,
  PowerStateBody,
  Snapshot,
  SnapshotOperation,
  Vm,
  VmListQuery,
  VmStatusReply,
  type PermissionArea,
} from '@portal/api/contract';
import { Type, type Static, type TObject } from 'typebox';
import { Value } from 'typebox/value';
import type { Queryable } from '../../db/database.ts';
import { badRequest } from '../../errors.ts';
import { callerOf, type Caller } from '../../plugins/access.ts';
import { audited } from '../../plugins/audit.ts';
import { sendJsonText } from '../../platform/paging.ts';
import { errorReplies } from '../../platform/schemas.ts';
import { NONE, taskRoute, type TypeBoxApp } from '../../platform/tasks/route.ts';
import { issueConsoleTicket } from './console.ts';
import { findVm, type VmScope } from './repository/vms.ts';
import type { ComputeDeps } from './service.ts';
import { listVmSnapshots, prepareSnapshot } from './snapshot-service.ts';
import { listVmsFor, preparePower, readVm, readVmStatus } from './vm-service.ts';
import { powerTask, snapshotTask } from './tasks.ts';

export interface VmBaseOptions<L extends TObject, P extends TObject> {
  /** `/services/eseries` or `/services/vwseries/:serviceid/vm`. */
  prefix: string;
  /** The list's path parameters (none for eseries). */
  listParams: L;
  /** The path parameters of `{prefix}/:id`. */
  params: P;
  area: PermissionArea;
  /** The scope a list call means; throws 404 for a series that is not the caller's. */
  listScope: (params: Static<L>, caller: Caller) => Promise<VmScope>;
  /** The scope and VM an item call means; throws 404 likewise. */
  resolve: (
    db: Queryable,
    params: Static<P>,
    caller: Caller,
  ) => Promise<{ scope: VmScope; id: number }>;
}

/**
 * The VM path base of section 7, the same on `/services/eseries` and on
 * `/services/vwseries/{serviceid}/vm`: list, one VM, console ticket, status, power, snapshots.
 */
export function registerVmBase<L extends TObject, P extends TObject>(
  app: TypeBoxApp,
  deps: ComputeDeps,
  options: VmBaseOptions<L, P>,
): void {
  const { prefix, area } = options;
  const read = { access: { area, level: 'read' } } as const;
  const manage = { access: { area, level: 'manage' } } as const;
  const tags = [area];
  const item = `${prefix}/:id`;
  // Fastify validated the parameters already; checking again gives them their static type here,
  // where the schema is generic.
  const typed = <S extends TObject>(schema: S, params: unknown): Static<S> => {
    if (!Value.Check(schema, params)) throw badRequest('The path is not valid.');
    return params;
  };
  const resolve = (params: unknown, caller: Caller, db: Queryable = deps.db) =>
    options.resolve(db, typed(options.params, params), caller);

  app.get(
    prefix,
    {
      config: read,
      schema: {
        tags,
        summary: 'VMs, with nat and firewall_rules when asked for in detail_fields',
        params: options.listParams,
        querystring: VmListQuery,
        response: { 200: ListReply(Vm), ...errorReplies(400, 401, 403, 404) },
      },
      // The 200 reply is JSON text from the database (repository/vms.ts), field by field as the
      // contract says; only error replies are serialised here.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const scope = await options.listScope(typed(options.listParams, request.params), caller);
      return sendJsonText(reply, await listVmsFor(deps, caller, scope, request.query));
    },
  );

  app.get(
    item,
    {
      config: read,
      schema: {
        tags,
        summary: 'One VM with its NAT entries and firewall rules',
        params: options.params,
        response: { 200: Envelope(Vm), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { scope, id } = await resolve(request.params, caller);
      return { data: await readVm(deps, caller, scope, id) };
    },
  );

  app.get(
    `${item}/console`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'A single-use ticket for the serial console WebSocket (30 s)',
        params: options.params,
        response: { 200: Envelope(ConsoleTicket), ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { scope, id } = await resolve(request.params, caller);
      const vm = await findVm(deps.db, caller.tenantId, scope, id);
      const data = await audited(
        request,
        { action: 'vm.console', target: `vm:${id}`, targetLabel: vm?.displayName ?? null },
        () => issueConsoleTicket(deps, caller, scope, id),
      );
      return { data };
    },
  );

  app.get(
    `${item}/status`,
    {
      config: read,
      schema: {
        tags,
        summary: "A VM's status, power state and running task",
        params: options.params,
        response: { 200: Envelope(VmStatusReply), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { scope, id } = await resolve(request.params, caller);
      return { data: await readVmStatus(deps, caller, scope, id) };
    },
  );

  const vmTarget = ({ params }: { params: unknown }) => {
    const id = typeof params === 'object' && params !== null && 'id' in params ? params.id : null;
    return typeof id === 'number' ? `vm:${id}` : null;
  };

  taskRoute(app, {
    method: 'POST',
    url: `${item}/power_state`,
    access: manage.access,
    schema: {
      tags,
      summary: 'Power operation: powerOn, powerOff, shutdownGuest, reboot, reset, suspend',
      params: options.params,
      body: PowerStateBody,
      querystring: NONE,
    },
    definition: powerTask,
    audit: { action: 'vm.power', target: vmTarget },
    prepare: async (tx, caller, { params, body }) => {
      const { scope, id } = await resolve(params, caller, tx);
      return preparePower(tx, caller, scope, id, body.power_operation);
    },
  });

  app.get(
    `${item}/snapshot`,
    {
      config: read,
      schema: {
        tags,
        summary: "A VM's snapshots, oldest first; parent_id makes the tree",
        params: options.params,
        response: { 200: Envelope(Type.Array(Snapshot)), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { scope, id } = await resolve(request.params, caller);
      return { data: await listVmSnapshots(deps, caller, scope, id) };
    },
  );

  taskRoute(app, {
    method: 'POST',
    url: `${item}/snapshot`,
    access: manage.access,
    schema: {
      tags,
      summary: 'Snapshot operation (snap_op)',
      params: options.params,
      body: SnapshotOperation,
      querystring: NONE,
    },
    definition: snapshotTask,
    audit: { action: 'vm.snapshot', target: vmTarget },
    prepare: async (tx, caller, { params, body }) => {
      const { scope, id } = await resolve(params, caller, tx);
      return prepareSnapshot(deps, tx, caller, scope, id, body);
    },
  });
}
