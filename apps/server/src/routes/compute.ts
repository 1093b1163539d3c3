import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BootCdromBody,
  Catalogue,
  Envelope,
  FirewallRuleBody,
  FirewallRuleParams,
  MetricsQuery,
  MetricsReply,
  NatCancelBody,
  NatCreateBody,
  NatParams,
  RenameBody,
  ResizeBody,
  TaskParams,
  TaskStatus,
  VlanParams,
  VlanQuery,
  Vm,
  VmCreate,
  VmCreateAccepted,
  VmParams,
} from '@portal/api/contract';
import { Type } from 'typebox';
import { callerOf } from '../plugins/access.ts';
import { audited } from '../plugins/audit.ts';
import {
  addVmFirewallRule,
  cancelVmNat,
  createVm,
  createVmNat,
  deleteVmFirewallRule,
  readCatalogue,
  readTaskStatus,
  readVm,
  readVmMetrics,
  reconfigureVm,
  refreshVm,
  renameVm,
  resizeVm,
  setVmBootCdrom,
  setVmVlan,
} from '../services/compute.ts';
import { errorReplies } from './schemas.ts';
import { registerVmBase, taskReplies } from './vm-base.ts';

const READ = { access: { area: 'compute', level: 'read' } } as const;
const MANAGE = { access: { area: 'compute', level: 'manage' } } as const;
const TAGS = ['compute'];
const ESERIES = { series: 'eseries' } as const;

/**
 * Compute (eseries) under `/services/eseries`, plus `/services/compute/{id}`. Every change is a
 * task: answered 202 with `{ data: { task_id } }` at once.
 */
const computeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, driver: app.driver, tasks: app.tasks };
  const target = (id: number) => `vm:${id}`;

  app.get(
    '/services/compute/:id',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'One VM of either series, with NAT entries and firewall rules',
        params: VmParams,
        response: { 200: Envelope(Vm), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await readVm(deps, callerOf(request), { series: 'any' }, request.params.id),
    }),
  );

  app.post(
    '/services/eseries',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Create a VM (status trial); a task builds and powers it on',
        body: VmCreate,
        response: { 202: Envelope(VmCreateAccepted), ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const data = await audited(
        request,
        { action: 'vm.create', target: null, detail: { display_name: request.body.display_name } },
        () => createVm(deps, caller, request.body),
        (result) => ({ ...result }),
      );
      return reply.code(202).send({ data });
    },
  );

  app.get(
    '/services/eseries/catalogue',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'What a VM can be created from: regions, sites, zones, plans, images, media',
        response: { 200: Envelope(Catalogue), ...errorReplies(401, 403) },
      },
    },
    async () => ({ data: await readCatalogue(deps) }),
  );

  app.get(
    '/services/eseries/task_status/:id',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: "A VM task's state and message",
        params: TaskParams,
        response: { 200: Envelope(TaskStatus), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await readTaskStatus(deps, callerOf(request), request.params.id, 'vm'),
    }),
  );

  app.get(
    '/services/eseries/:id/metrics',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: "A VM's metric over a range: [epoch ms, value] points",
        params: VmParams,
        querystring: MetricsQuery,
        response: { 200: Envelope(MetricsReply), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await readVmMetrics(deps, callerOf(request), request.params.id, request.query),
    }),
  );

  registerVmBase(app, deps, {
    prefix: '/services/eseries',
    listParams: Type.Object({}),
    params: VmParams,
    area: 'compute',
    listScope: async () => ESERIES,
    resolve: async (params) => ({ scope: ESERIES, id: params.id }),
  });

  // Item operations (section 7, "Eseries item operations").

  app.put(
    '/services/eseries/:id/vlan/:vlanId',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Connect an adapter (default the first) to the network with this VLAN id',
        params: VlanParams,
        querystring: VlanQuery,
        response: taskReplies,
      },
    },
    async (request, reply) => {
      const { id, vlanId } = request.params;
      const adapter = request.query.adapter ?? 0;
      const data = await audited(
        request,
        { action: 'vm.vlan', target: target(id), detail: { vlan_id: vlanId, adapter } },
        () => setVmVlan(deps, callerOf(request), id, vlanId, adapter),
        (result) => ({ ...result }),
      );
      return reply.code(202).send({ data });
    },
  );

  app.post(
    '/services/eseries/:id/nat',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Create a 1:1 NAT entry: a new public address through a gateway',
        params: VmParams,
        body: NatCreateBody,
        response: taskReplies,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const gatewayId = request.body.data.gateway_id;
      const data = await audited(
        request,
        { action: 'vm.nat.create', target: target(id), detail: { gateway_id: gatewayId } },
        () => createVmNat(deps, callerOf(request), id, gatewayId),
        (result) => ({ ...result }),
      );
      return reply.code(202).send({ data });
    },
  );

  app.put(
    '/services/eseries/:id/nat/:natId',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Cancel a NAT entry (status cancel)',
        params: NatParams,
        body: NatCancelBody,
        response: { ...taskReplies, ...errorReplies(409) },
      },
    },
    async (request, reply) => {
      const { id, natId } = request.params;
      const data = await audited(
        request,
        { action: 'vm.nat.cancel', target: target(id), detail: { nat_id: natId } },
        () => cancelVmNat(deps, callerOf(request), id, natId),
        (result) => ({ ...result }),
      );
      return reply.code(202).send({ data });
    },
  );

  app.patch(
    '/services/eseries/:id',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Rename a VM (operation update)',
        params: VmParams,
        body: RenameBody,
        response: taskReplies,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const name = request.body.data.display_name;
      const data = await audited(
        request,
        { action: 'vm.rename', target: target(id), detail: { display_name: name } },
        () => renameVm(deps, callerOf(request), id, name),
        (result) => ({ ...result }),
      );
      return reply.code(202).send({ data });
    },
  );

  app.post(
    '/services/eseries/:id',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: "Refresh: read the VM's state again from the platform",
        params: VmParams,
        response: taskReplies,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const data = await audited(
        request,
        { action: 'vm.refresh', target: target(id) },
        () => refreshVm(deps, callerOf(request), id),
        (result) => ({ ...result }),
      );
      return reply.code(202).send({ data });
    },
  );

  app.post(
    '/services/eseries/:id/firewall_rule',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Add a firewall rule',
        params: VmParams,
        body: FirewallRuleBody,
        response: taskReplies,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const data = await audited(
        request,
        { action: 'vm.firewall.add', target: target(id), detail: { rule: request.body } },
        () => addVmFirewallRule(deps, callerOf(request), id, request.body),
        (result) => ({ ...result }),
      );
      return reply.code(202).send({ data });
    },
  );

  app.delete(
    '/services/eseries/:id/firewall_rule/:ruleId',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Delete a firewall rule',
        params: FirewallRuleParams,
        response: taskReplies,
      },
    },
    async (request, reply) => {
      const { id, ruleId } = request.params;
      const data = await audited(
        request,
        { action: 'vm.firewall.delete', target: target(id), detail: { rule_id: ruleId } },
        () => deleteVmFirewallRule(deps, callerOf(request), id, ruleId),
        (result) => ({ ...result }),
      );
      return reply.code(202).send({ data });
    },
  );

  app.patch(
    '/services/eseries/:id/instance',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: "Resize: vCPUs and memory within the VM's plan",
        params: VmParams,
        body: ResizeBody,
        response: taskReplies,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const data = await audited(
        request,
        { action: 'vm.resize', target: target(id), detail: { ...request.body } },
        () => resizeVm(deps, callerOf(request), id, request.body),
        (result) => ({ ...result }),
      );
      return reply.code(202).send({ data });
    },
  );

  app.post(
    '/services/eseries/:id/instance',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: "Reconfigure: apply the VM's recorded configuration to the platform again",
        params: VmParams,
        response: taskReplies,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const data = await audited(
        request,
        { action: 'vm.reconfigure', target: target(id) },
        () => reconfigureVm(deps, callerOf(request), id),
        (result) => ({ ...result }),
      );
      return reply.code(202).send({ data });
    },
  );

  app.patch(
    '/services/eseries/:id/boot_cdrom',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Attach a medium from the library to a CD-ROM drive to boot from, or detach it',
        params: VmParams,
        body: BootCdromBody,
        response: taskReplies,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const data = await audited(
        request,
        { action: 'vm.boot_cdrom', target: target(id), detail: { ...request.body } },
        () => setVmBootCdrom(deps, callerOf(request), id, request.body),
        (result) => ({ ...result }),
      );
      return reply.code(202).send({ data });
    },
  );

  app.get(
    '/services/task/:id',
    {
      schema: {
        tags: ['tasks'],
        summary: "Any of your tenant's tasks: state and message",
        params: TaskParams,
        response: { 200: Envelope(TaskStatus), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await readTaskStatus(deps, callerOf(request), request.params.id),
    }),
  );
};

export default computeRoutes;
