import {
  BootCdromBody,
  Catalogue,
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
import type { AreaRoutes } from '../../platform/area.ts';
import { areaRoutes } from '../../platform/routes.ts';
import type { ComputeDriver } from './driver.ts';
import { reconcile } from './outside.ts';
import { followSiteChanges } from '../../platform/outside.ts';
import { prepareFirewallAdd, prepareFirewallDelete } from './firewall-service.ts';
import { prepareNatCancel, prepareNatCreate } from './nat-service.ts';
import { computeDeps, readCatalogue, readTaskStatus } from './service.ts';
import {
  prepareBootCdrom,
  prepareCreateVm,
  prepareDeleteVm,
  prepareReconfigure,
  prepareRefresh,
  prepareRename,
  prepareResize,
  prepareVlan,
  readVm,
  readVmMetrics,
} from './vm-service.ts';
import {
  cdromTask,
  createVmTask,
  deleteVmTask,
  firewallAddTask,
  firewallDeleteTask,
  natCancelTask,
  natCreateTask,
  reconfigureTask,
  refreshTask,
  renameTask,
  resizeTask,
  vlanTask,
} from './tasks.ts';
import { registerVmBase } from './vm-routes.ts';

const TAGS = ['compute'];
const ESERIES = { series: 'eseries' } as const;

/**
 * Compute (eseries) under `/services/eseries`, plus `/services/compute/{id}`. Every change is a
 * task: answered 202 with `{ data: { task_id } }` at once.
 */
const computeRoutes: AreaRoutes<ComputeDriver> = async (app, { drivers, platform }) => {
  const deps = computeDeps(app.db, drivers, platform.listCache);
  // Changes made on a platform outside the portal (an instance stopped on the LXD host) show up.
  followSiteChanges(
    app,
    drivers,
    { component: 'outside', failure: 'could not read changes made outside the portal' },
    ({ driver, locations }, vmIds) => reconcile(app.db, driver, locations, vmIds),
  );
  const route = areaRoutes(app, { permission: 'compute', tags: TAGS });

  route.read(
    {
      url: '/services/compute/:id',
      summary: 'One VM of either series, with NAT entries and firewall rules',
      params: VmParams,
      data: Vm,
    },
    ({ params }, caller) => readVm(deps, caller, { series: 'any' }, params.id),
  );

  route.task({
    method: 'POST',
    url: '/services/eseries',
    summary: 'Create a VM (status trial); a task builds and powers it on',
    body: VmCreate,
    accepted: VmCreateAccepted,
    definition: createVmTask,
    action: 'vm.create',
    locksTenant: true,
    prepare: (tx, caller, { body }) => prepareCreateVm(deps, tx, caller, body),
  });

  route.read(
    {
      url: '/services/eseries/catalogue',
      summary: 'What a VM can be created from: regions, sites, zones, plans, images, media',
      data: Catalogue,
    },
    (_input, caller) => readCatalogue(deps, caller),
  );

  route.read(
    {
      url: '/services/eseries/task_status/:id',
      summary: "A VM task's state and message",
      params: TaskParams,
      data: TaskStatus,
    },
    ({ params }, caller) => readTaskStatus(deps, caller, params.id, 'vm'),
  );

  route.read(
    {
      url: '/services/eseries/:id/metrics',
      summary: "A VM's metric over a range: [epoch ms, value] points",
      params: VmParams,
      querystring: MetricsQuery,
      data: MetricsReply,
    },
    ({ params, query }, caller) => readVmMetrics(deps, caller, params.id, query),
  );

  registerVmBase(app, deps, {
    prefix: '/services/eseries',
    listParams: Type.Object({}),
    params: VmParams,
    area: 'compute',
    listScope: async () => ESERIES,
    resolve: async (_tx, params) => ({ scope: ESERIES, id: params.id }),
  });

  // Item operations (section 7, "Eseries item operations"), each a task.

  route.task({
    method: 'PUT',
    url: '/services/eseries/:id/vlan/:vlanId',
    summary: 'Connect an adapter (default the first) to the network with this VLAN id',
    params: VlanParams,
    querystring: VlanQuery,
    definition: vlanTask,
    action: 'vm.vlan',
    prepare: (tx, caller, { params, query }) =>
      prepareVlan(deps, tx, caller, params.id, params.vlanId, query.adapter ?? 0),
  });

  route.task({
    method: 'POST',
    url: '/services/eseries/:id/nat',
    summary: 'Create a 1:1 NAT entry: a new public address through a gateway',
    params: VmParams,
    body: NatCreateBody,
    definition: natCreateTask,
    action: 'vm.nat.create',
    prepare: (tx, caller, { params, body }) =>
      prepareNatCreate(
        deps,
        tx,
        caller,
        params.id,
        body.data.gateway_id,
        body.data.global_ipaddress_id ?? null,
      ),
  });

  route.task({
    method: 'PUT',
    url: '/services/eseries/:id/nat/:natId',
    summary: 'Cancel a NAT entry (status cancel)',
    params: NatParams,
    body: NatCancelBody,
    definition: natCancelTask,
    action: 'vm.nat.cancel',
    prepare: (tx, caller, { params }) => prepareNatCancel(tx, caller, params.id, params.natId),
  });

  route.task({
    method: 'PATCH',
    url: '/services/eseries/:id',
    summary: 'Rename a VM (operation update)',
    params: VmParams,
    body: RenameBody,
    definition: renameTask,
    action: 'vm.rename',
    prepare: (tx, caller, { params, body }) =>
      prepareRename(tx, caller, params.id, body.data.display_name),
  });

  route.task({
    method: 'POST',
    url: '/services/eseries/:id',
    summary: "Refresh: read the VM's state again from the platform",
    params: VmParams,
    definition: refreshTask,
    action: 'vm.refresh',
    prepare: (tx, caller, { params }) => prepareRefresh(tx, caller, params.id),
  });

  route.task({
    method: 'DELETE',
    url: '/services/eseries/:id',
    summary: 'Delete a VM with its snapshots, NAT entries and firewall rules',
    params: VmParams,
    definition: deleteVmTask,
    action: 'vm.delete',
    prepare: (tx, caller, { params }) => prepareDeleteVm(tx, caller, params.id),
  });

  route.task({
    method: 'POST',
    url: '/services/eseries/:id/firewall_rule',
    summary: 'Add a firewall rule',
    params: VmParams,
    body: FirewallRuleBody,
    definition: firewallAddTask,
    action: 'vm.firewall.add',
    prepare: (tx, caller, { params, body }) =>
      prepareFirewallAdd(deps, tx, caller, params.id, body),
  });

  route.task({
    method: 'DELETE',
    url: '/services/eseries/:id/firewall_rule/:ruleId',
    summary: 'Delete a firewall rule',
    params: FirewallRuleParams,
    definition: firewallDeleteTask,
    action: 'vm.firewall.delete',
    prepare: (tx, caller, { params }) =>
      prepareFirewallDelete(deps, tx, caller, params.id, params.ruleId),
  });

  route.task({
    method: 'PATCH',
    url: '/services/eseries/:id/instance',
    summary: "Resize: vCPUs and memory within the VM's plan",
    params: VmParams,
    body: ResizeBody,
    definition: resizeTask,
    action: 'vm.resize',
    prepare: (tx, caller, { params, body }) => prepareResize(tx, caller, params.id, body),
  });

  route.task({
    method: 'POST',
    url: '/services/eseries/:id/instance',
    summary: "Reconfigure: apply the VM's recorded configuration to the platform again",
    params: VmParams,
    definition: reconfigureTask,
    action: 'vm.reconfigure',
    prepare: (tx, caller, { params }) => prepareReconfigure(tx, caller, params.id),
  });

  route.task({
    method: 'PATCH',
    url: '/services/eseries/:id/boot_cdrom',
    summary: 'Attach a medium from the library to a CD-ROM drive to boot from, or detach it',
    params: VmParams,
    body: BootCdromBody,
    definition: cdromTask,
    action: 'vm.boot_cdrom',
    prepare: (tx, caller, { params, body }) => prepareBootCdrom(deps, tx, caller, params.id, body),
  });
};

export default computeRoutes;
