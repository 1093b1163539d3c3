import type { TaskRecord } from '../db/tasks.ts';
import {
  DriverError,
  type InfrastructureDriver,
  type OperationContext,
} from '../drivers/driver.ts';
import { isTaskPayload } from './payload.ts';

/** Runs one claimed task through the driver; resolves to its success message. */
export async function runTask(
  driver: InfrastructureDriver,
  task: TaskRecord,
  ctx: OperationContext,
): Promise<string> {
  const payload = task.payload;
  if (!isTaskPayload(payload)) throw new DriverError('The task does not say what to do.');
  const id = task.targetId;
  switch (payload.op) {
    case 'vm.create':
      return driver.createVm(ctx, id);
    case 'vm.power':
      return driver.power(ctx, id, payload.power_operation);
    case 'vm.snapshot':
      return driver.snapshot(ctx, id, payload.body);
    case 'vm.resize':
      return driver.resize(ctx, id, { vcpus: payload.vcpus, memoryGB: payload.memoryGB });
    case 'vm.reconfigure':
      return driver.reconfigure(ctx, id);
    case 'vm.refresh':
      return driver.refresh(ctx, id);
    case 'vm.rename':
      return driver.rename(ctx, id, payload.display_name);
    case 'vm.vlan':
      return driver.setVlan(ctx, id, { adapter: payload.adapter, vlanId: payload.vlan_id });
    case 'vm.nat.create':
      return driver.createNat(ctx, id, payload.gateway_id);
    case 'vm.nat.cancel':
      return driver.cancelNat(ctx, id, payload.nat_id);
    case 'vm.firewall.add':
      return driver.addFirewallRule(ctx, id, payload.rule);
    case 'vm.firewall.delete':
      return driver.deleteFirewallRule(ctx, id, payload.rule_id);
    case 'vm.cdrom':
      return driver.bootCdrom(ctx, id, {
        operation: payload.operation,
        mediaKey: payload.media_key,
        cdromNumber: payload.cdrom_number,
      });
    case 'vwseries.refresh':
      return driver.refreshVwseries(ctx, id);
  }
}
