import {
  BootCdromBody,
  FIREWALL_ACTIONS,
  FIREWALL_DIRECTIONS,
  FIREWALL_PROTOCOLS,
  PowerOperation,
  SnapshotOperation,
} from '@portal/api/contract';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';

/**
 * What a task carries from the request to the worker (the `payload` column), one shape per
 * operation. Checked when read back, so a row written by another version fails cleanly.
 */
export const TaskPayload = Type.Union([
  Type.Object({ op: Type.Literal('vm.create') }),
  Type.Object({ op: Type.Literal('vm.power'), power_operation: PowerOperation }),
  Type.Object({ op: Type.Literal('vm.snapshot'), body: SnapshotOperation }),
  Type.Object({ op: Type.Literal('vm.resize'), vcpus: Type.Integer(), memoryGB: Type.Integer() }),
  Type.Object({ op: Type.Literal('vm.reconfigure') }),
  Type.Object({ op: Type.Literal('vm.refresh') }),
  Type.Object({ op: Type.Literal('vm.rename'), display_name: Type.String() }),
  Type.Object({ op: Type.Literal('vm.vlan'), adapter: Type.Integer(), vlan_id: Type.Integer() }),
  Type.Object({ op: Type.Literal('vm.nat.create'), gateway_id: Type.Integer() }),
  Type.Object({ op: Type.Literal('vm.nat.cancel'), nat_id: Type.Integer() }),
  Type.Object({
    op: Type.Literal('vm.firewall.add'),
    rule: Type.Object({
      direction: Type.Enum(FIREWALL_DIRECTIONS),
      protocol: Type.Enum(FIREWALL_PROTOCOLS),
      ports: Type.Union([Type.String(), Type.Null()]),
      source: Type.String(),
      destination: Type.String(),
      action: Type.Enum(FIREWALL_ACTIONS),
      description: Type.String(),
    }),
  }),
  Type.Object({ op: Type.Literal('vm.firewall.delete'), rule_id: Type.Integer() }),
  Type.Object({
    op: Type.Literal('vm.cdrom'),
    operation: BootCdromBody.properties.operation,
    media_key: Type.Union([Type.String(), Type.Null()]),
    cdrom_number: Type.Integer(),
  }),
  Type.Object({ op: Type.Literal('vwseries.refresh') }),
]);
export type TaskPayload = Static<typeof TaskPayload>;

export const isTaskPayload = (value: unknown): value is TaskPayload =>
  Value.Check(TaskPayload, value);
