// The compute area's slow operations, each defined once: what its task carries, how the driver
// runs it, and how the facts it reports are written to the portal's tables.
import {
  BootCdromBody,
  FIREWALL_ACTIONS,
  FIREWALL_DIRECTIONS,
  FIREWALL_PROTOCOLS,
  PowerOperation,
  SnapshotOperation,
} from '@portal/api/contract';
import { Type } from 'typebox';
import { DriverError } from '../../platform/driver.ts';
import { taskDefiner, type TargetKind } from '../../platform/tasks/registry.ts';
import type { ComputeDriver } from './driver.ts';
import {
  insertFirewallRule,
  nextFirewallRuleId,
  deleteFirewallRule as deleteFirewallRuleRow,
} from './repository/firewall-rules.ts';
import { findNat, insertNat, setNatStatus } from './repository/nats.ts';
import {
  deleteAllSnapshots,
  deleteSnapshot,
  editSnapshot,
  findSnapshot,
  insertSnapshot,
  nextSnapshotId,
  setCurrentSnapshot,
} from './repository/snapshots.ts';
import { deleteVm, existingVms, findVm, lockVm, updateVm, vmLocation } from './repository/vms.ts';

const AREA = 'compute';
const KIND = 'vm';
const defineTask = taskDefiner<ComputeDriver>(AREA, KIND);
const Empty = Type.Object({});

const POWER_LABELS: Record<PowerOperation, string> = {
  powerOn: 'Power on',
  powerOff: 'Power off',
  shutdownGuest: 'Shut down',
  reboot: 'Reboot',
  reset: 'Reset',
  suspend: 'Suspend',
};

const SNAPSHOT_LABELS: Record<SnapshotOperation['snap_op'], string> = {
  CreateSnapshot: 'Take snapshot',
  DeleteSnapshot: 'Delete snapshot',
  EditSnapshot: 'Edit snapshot',
  RevertSnapshot: 'Revert to snapshot',
  DeleteAllSnapshots: 'Delete all snapshots',
};

const gone = () => new DriverError('The virtual machine no longer exists.');

/** Where a VM is in the portal: its detail page, or its series' list for a vwseries VM. */
export const vmTargets: TargetKind = {
  kind: KIND,
  async paths(db, tenantId, ids) {
    const found = await existingVms(db, tenantId, ids);
    return new Map(
      [...found].map(([id, serviceid]) => [
        id,
        serviceid === null ? `/compute/${id}` : `/vwseries/${serviceid}`,
      ]),
    );
  },
  location: vmLocation,
};

export const createVmTask = defineTask({
  op: 'vm.create',
  label: () => 'Create',
  operation: () => 'create',
  payload: Empty,
  async run(ctx, task) {
    const vm = await findVm(ctx.db, task.tenantId, { series: 'any' }, task.targetId);
    if (!vm) throw gone();
    return ctx.driver.createVm(ctx, vm.id, {
      displayName: vm.displayName,
      status: vm.status,
      vcpus: vm.vcpus,
      memoryMb: vm.memoryMb,
      planId: vm.planId,
      location: vm.location,
      adapters: vm.adapters,
      image: vm.os.name,
      version: vm.os.version,
      diskSizeGb: vm.diskSizeGb,
      cluster: vm.cluster,
      vsnap: vm.vsnap,
    });
  },
  async apply(tx, task, facts) {
    const vm = await lockVm(tx, task.tenantId, task.targetId);
    if (!vm) throw gone();
    await updateVm(tx, task.tenantId, vm.id, {
      powerState: facts.powerState,
      // An address the platform reported since the build ran (a DHCP lease) is kept.
      adapters: facts.adapters.map((adapter, index) => {
        const known = vm.adapters[index];
        return adapter.ip === null && known?.portgroup === adapter.portgroup
          ? { ...adapter, ip: known.ip }
          : adapter;
      }),
    });
    return `The virtual machine ${vm.displayName} was built and powered on.`;
  },
});

export const powerTask = defineTask({
  op: 'vm.power',
  label: (payload) => POWER_LABELS[payload.power_operation],
  operation: (payload) => payload.power_operation,
  payload: Type.Object({ power_operation: PowerOperation }),
  run: (ctx, task) => ctx.driver.power(ctx, task.targetId, task.payload.power_operation),
  async apply(tx, task, facts) {
    await updateVm(tx, task.tenantId, task.targetId, { powerState: facts.to });
    if (task.payload.power_operation === 'powerOn' && facts.from === 'suspended')
      return 'The virtual machine was resumed.';
    return POWER_DONE[task.payload.power_operation];
  },
});

const POWER_DONE: Record<PowerOperation, string> = {
  powerOn: 'The virtual machine is powered on.',
  powerOff: 'The virtual machine is powered off.',
  shutdownGuest: 'The guest operating system was shut down.',
  reboot: 'The guest operating system was restarted.',
  reset: 'The virtual machine was reset.',
  suspend: 'The virtual machine is suspended.',
};

export const snapshotTask = defineTask({
  op: 'vm.snapshot',
  label: (payload) => SNAPSHOT_LABELS[payload.body.snap_op],
  operation: (payload) => payload.body.snap_op,
  payload: Type.Object({ body: SnapshotOperation }),
  async run(ctx, task) {
    const newId = task.payload.body.snap_op === 'CreateSnapshot' ? await nextSnapshotId(ctx.db) : 0;
    return ctx.driver.snapshot(ctx, task.targetId, task.payload.body, newId);
  },
  async apply(tx, task, facts) {
    const { tenantId, targetId: vmId } = task;
    switch (facts.done) {
      case 'created':
        await insertSnapshot(tx, tenantId, vmId, facts);
        return `The snapshot "${facts.name}" was taken.`;
      case 'deleted': {
        const snapshot = await findSnapshot(tx, tenantId, vmId, facts.id);
        if (snapshot) await deleteSnapshot(tx, tenantId, snapshot);
        return `The snapshot "${facts.name}" was deleted.`;
      }
      case 'edited':
        await editSnapshot(tx, tenantId, facts.id, {
          name: facts.name,
          description: facts.description ?? undefined,
        });
        return `The snapshot "${facts.name}" was updated.`;
      case 'reverted':
        await setCurrentSnapshot(tx, tenantId, vmId, facts.id);
        await updateVm(tx, tenantId, vmId, { powerState: facts.powerState });
        return `The virtual machine was reverted to "${facts.name}".`;
      case 'deletedAll': {
        await deleteAllSnapshots(tx, tenantId, vmId);
        const count = facts.count;
        return count === 0
          ? 'There were no snapshots to delete.'
          : `${count} snapshot${count === 1 ? ' was' : 's were'} deleted.`;
      }
    }
  },
});

export const resizeTask = defineTask({
  op: 'vm.resize',
  label: () => 'Resize',
  operation: () => 'resize',
  payload: Type.Object({ vcpus: Type.Integer(), memoryGB: Type.Integer() }),
  run: (ctx, task) =>
    ctx.driver.resize(ctx, task.targetId, {
      vcpus: task.payload.vcpus,
      memoryGB: task.payload.memoryGB,
    }),
  async apply(tx, task, facts) {
    await updateVm(tx, task.tenantId, task.targetId, facts);
    return `The virtual machine now has ${facts.vcpus} vCPUs and ${facts.memoryMb / 1024} GB of memory.`;
  },
});

export const reconfigureTask = defineTask({
  op: 'vm.reconfigure',
  label: () => 'Reconfigure',
  operation: () => 'reconfigure',
  payload: Empty,
  run: (ctx, task) => ctx.driver.reconfigure(ctx, task.targetId),
  async apply(tx, task, facts) {
    await updateVm(tx, task.tenantId, task.targetId, { ...facts });
    return "The virtual machine's configuration was applied again.";
  },
});

export const refreshTask = defineTask({
  op: 'vm.refresh',
  label: () => 'Refresh',
  operation: () => 'refresh',
  payload: Empty,
  run: (ctx, task) => ctx.driver.refresh(ctx, task.targetId),
  async apply(tx, task, facts) {
    await updateVm(tx, task.tenantId, task.targetId, { ...facts });
    return "The virtual machine's state was read again from the platform.";
  },
});

export const renameTask = defineTask({
  op: 'vm.rename',
  label: () => 'Rename',
  operation: () => 'rename',
  payload: Type.Object({ display_name: Type.String() }),
  run: (ctx, task) => ctx.driver.rename(ctx, task.targetId, task.payload.display_name),
  async apply(tx, task, facts) {
    await updateVm(tx, task.tenantId, task.targetId, { displayName: facts.displayName });
    return `The virtual machine was renamed to "${facts.displayName}".`;
  },
});

export const vlanTask = defineTask({
  op: 'vm.vlan',
  label: () => 'Change network',
  operation: () => 'vlan',
  payload: Type.Object({ adapter: Type.Integer(), vlan_id: Type.Integer() }),
  run: (ctx, task) =>
    ctx.driver.setVlan(ctx, task.targetId, {
      adapter: task.payload.adapter,
      vlanId: task.payload.vlan_id,
    }),
  async apply(tx, task, facts) {
    await updateVm(tx, task.tenantId, task.targetId, { adapters: facts.adapters });
    const { adapter, vlan_id: vlanId } = task.payload;
    return `Adapter ${adapter + 1} is now connected to ${facts.portgroup} (VLAN ${vlanId}).`;
  },
});

export const natCreateTask = defineTask({
  op: 'vm.nat.create',
  label: () => 'Create NAT',
  operation: () => 'createNat',
  payload: Type.Object({
    gateway_id: Type.Integer(),
    global_ipaddress_id: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  }),
  run: (ctx, task) =>
    ctx.driver.createNat(
      ctx,
      task.targetId,
      task.payload.gateway_id,
      task.payload.global_ipaddress_id ?? null,
    ),
  async apply(tx, task, facts) {
    await insertNat(tx, task.tenantId, {
      vmId: task.targetId,
      gatewayId: task.payload.gateway_id,
      globalIpaddressId: facts.globalIpaddressId,
      globalIpaddress: facts.globalIpaddress,
      status: 'active',
      taskId: task.id,
    });
    return `The public address ${facts.globalIpaddress} now leads to ${facts.privateIp} through ${facts.gatewayName}.`;
  },
});

export const natCancelTask = defineTask({
  op: 'vm.nat.cancel',
  label: () => 'Remove NAT',
  operation: () => 'cancelNat',
  payload: Type.Object({ nat_id: Type.Integer() }),
  async run(ctx, task) {
    const natId = task.payload.nat_id;
    const nat = await findNat(ctx.db, task.tenantId, task.targetId, natId);
    if (!nat) throw new DriverError(`The NAT entry ${natId} does not exist.`);
    return ctx.driver.cancelNat(ctx, task.targetId, nat.globalIpaddressId);
  },
  async apply(tx, task, facts) {
    await setNatStatus(tx, task.tenantId, task.payload.nat_id, 'cancelled', task.id);
    return `The NAT entry for ${facts.globalIpaddress} was removed.`;
  },
});

export const FirewallRulePayload = Type.Object({
  direction: Type.Enum(FIREWALL_DIRECTIONS),
  protocol: Type.Enum(FIREWALL_PROTOCOLS),
  ports: Type.Union([Type.String(), Type.Null()]),
  source: Type.String(),
  destination: Type.String(),
  action: Type.Enum(FIREWALL_ACTIONS),
  description: Type.String(),
});

export const firewallAddTask = defineTask({
  op: 'vm.firewall.add',
  label: () => 'Add firewall rule',
  operation: () => 'addFirewallRule',
  payload: Type.Object({ rule: FirewallRulePayload }),
  async run(ctx, task) {
    const ruleId = await nextFirewallRuleId(ctx.db);
    return ctx.driver.addFirewallRule(ctx, task.targetId, ruleId, task.payload.rule);
  },
  async apply(tx, task, facts) {
    await insertFirewallRule(tx, task.tenantId, task.targetId, task.payload.rule, facts.id);
    return `Firewall rule ${facts.id} was added.`;
  },
});

export const firewallDeleteTask = defineTask({
  op: 'vm.firewall.delete',
  label: () => 'Delete firewall rule',
  operation: () => 'deleteFirewallRule',
  payload: Type.Object({ rule_id: Type.Integer() }),
  run: (ctx, task) => ctx.driver.deleteFirewallRule(ctx, task.targetId, task.payload.rule_id),
  async apply(tx, task, facts) {
    await deleteFirewallRuleRow(tx, task.tenantId, facts.id);
    return `Firewall rule ${facts.id} was deleted.`;
  },
});

export const cdromTask = defineTask({
  op: 'vm.cdrom',
  label: (payload) => (payload.operation === 'attach' ? 'Attach medium' : 'Detach medium'),
  operation: (payload) => payload.operation,
  payload: Type.Object({
    operation: BootCdromBody.properties.operation,
    media_key: Type.Union([Type.String(), Type.Null()]),
    cdrom_number: Type.Integer(),
  }),
  run: (ctx, task) =>
    ctx.driver.bootCdrom(ctx, task.targetId, {
      operation: task.payload.operation,
      mediaKey: task.payload.media_key,
      cdromNumber: task.payload.cdrom_number,
    }),
  async apply(tx, task, facts) {
    await updateVm(tx, task.tenantId, task.targetId, { bootCdrom: facts.bootCdrom });
    return facts.bootCdrom
      ? `${facts.bootCdrom.name} is in CD-ROM drive ${facts.drive}; the virtual machine boots from it next.`
      : `CD-ROM drive ${facts.drive} is empty now.`;
  },
});

export const deleteVmTask = defineTask({
  op: 'vm.delete',
  label: () => 'Delete',
  operation: () => 'delete',
  payload: Empty,
  run: (ctx, task) => ctx.driver.deleteVm(ctx, task.targetId),
  async apply(tx, task, facts) {
    await deleteVm(tx, task.tenantId, task.targetId);
    return `The virtual machine ${facts.displayName} was deleted.`;
  },
});

/** Every compute task, for the registry. */
export const COMPUTE_TASKS = [
  createVmTask,
  powerTask,
  snapshotTask,
  resizeTask,
  reconfigureTask,
  refreshTask,
  renameTask,
  vlanTask,
  natCreateTask,
  natCancelTask,
  firewallAddTask,
  firewallDeleteTask,
  cdromTask,
  deleteVmTask,
] as const;
