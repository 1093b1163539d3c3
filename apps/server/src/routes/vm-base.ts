import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import {
  ConsoleTicket,
  Envelope,
  PowerStateBody,
  Snapshot,
  SnapshotOperation,
  TaskAccepted,
  Vm,
  VmListQuery,
  VmStatusReply,
  type PermissionArea,
} from '@portal/api/contract';
import { Type, type Static, type TObject } from 'typebox';
import { Value } from 'typebox/value';
import type { VmScope } from '../db/vms.ts';
import { badRequest } from '../errors.ts';
import { callerOf, type Caller } from '../plugins/access.ts';
import { audited } from '../plugins/audit.ts';
import {
  listVmSnapshots,
  listVmsFor,
  powerVm,
  readVm,
  readVmStatus,
  snapshotVm,
  type ComputeDeps,
} from '../services/compute.ts';
import { issueConsoleTicket } from '../services/console.ts';
import { errorReplies } from './schemas.ts';

/** The reply of every call that starts a task: 202 with the task's id. */
export const taskReplies = {
  202: Envelope(TaskAccepted),
  ...errorReplies(400, 401, 403, 404),
};

export type TypeBoxApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

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
  resolve: (params: Static<P>, caller: Caller) => Promise<{ scope: VmScope; id: number }>;
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
  const resolve = (params: unknown, caller: Caller) =>
    options.resolve(typed(options.params, params), caller);

  app.get(
    prefix,
    {
      config: read,
      schema: {
        tags,
        summary: 'VMs, with nat and firewall_rules when asked for in detail_fields',
        params: options.listParams,
        querystring: VmListQuery,
        response: { 200: Envelope(Type.Array(Vm)), ...errorReplies(400, 401, 403, 404) },
      },
      // The reply is built field by field from the contract's types (services/compute.ts), so
      // there is nothing to strip; fast-json-stringify picks each nullable (anyOf) branch by
      // running a validator, which made it 5 to 10 times slower than JSON.stringify on 10,000 VMs.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const caller = callerOf(request);
      const scope = await options.listScope(typed(options.listParams, request.params), caller);
      return { data: await listVmsFor(deps, caller, scope, request.query) };
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
      const data = await audited(request, { action: 'vm.console', target: `vm:${id}` }, () =>
        issueConsoleTicket(deps, caller, scope, id),
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

  app.post(
    `${item}/power_state`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Power operation: powerOn, powerOff, shutdownGuest, reboot, reset, suspend',
        params: options.params,
        body: PowerStateBody,
        response: taskReplies,
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { scope, id } = await resolve(request.params, caller);
      const operation = request.body.power_operation;
      const data = await audited(
        request,
        { action: 'vm.power', target: `vm:${id}`, detail: { power_operation: operation } },
        () => powerVm(deps, caller, scope, id, operation),
        (result) => ({ ...result }),
      );
      return reply.code(202).send({ data });
    },
  );

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

  app.post(
    `${item}/snapshot`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Snapshot operation (snap_op)',
        params: options.params,
        body: SnapshotOperation,
        response: taskReplies,
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { scope, id } = await resolve(request.params, caller);
      const body = request.body;
      const data = await audited(
        request,
        {
          action: 'vm.snapshot',
          target: `vm:${id}`,
          detail: { snap_op: body.snap_op, snap_id: body.snap_id ?? null },
        },
        () => snapshotVm(deps, caller, scope, id, body),
        (result) => ({ ...result }),
      );
      return reply.code(202).send({ data });
    },
  );
}
