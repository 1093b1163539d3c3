// The compute area's NAT services: the reply of a NAT entry, and the checks of NAT tasks.
import type { NatRecord } from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Caller } from '../../plugins/access.ts';
import { findNat, type NatRecordRow } from './repository/nats.ts';
import { ESERIES, invalid, onSiteAction, onVm, siteAt, type ComputeDeps } from './service.ts';

/** A NAT entry as the VM reply shows it. */
export const toNatReply = (nat: NatRecordRow): NatRecord => ({
  id: nat.id,
  gateway_id: nat.gatewayId,
  gateway_name: nat.gatewayName,
  global_ipaddress_id: nat.globalIpaddressId,
  global_ipaddress: nat.globalIpaddress,
  status: nat.status,
  task_data: { id: nat.taskId },
});

export const prepareNatCreate = (
  deps: ComputeDeps,
  tx: Queryable,
  caller: Caller,
  id: number,
  gatewayId: number,
  globalIpaddressId: number | null = null,
) =>
  onSiteAction(
    deps,
    tx,
    caller,
    id,
    'nat',
    async (vm) => {
      const catalogue = await deps.catalogue(caller.tenantId, tx);
      if (!siteAt(catalogue, vm.location)?.gateways.some((gateway) => gateway.id === gatewayId))
        throw invalid('data.gateway_id', `is not a gateway at ${vm.location}`);
      return { gateway_id: gatewayId, global_ipaddress_id: globalIpaddressId };
    },
    { gateway_id: gatewayId, global_ipaddress_id: globalIpaddressId },
  );

export const prepareNatCancel = (tx: Queryable, caller: Caller, id: number, natId: number) =>
  onVm(
    tx,
    caller,
    ESERIES,
    id,
    async (vm) => {
      const nat = await findNat(tx, caller.tenantId, vm.id, natId);
      if (!nat) throw notFound(`No NAT entry ${natId} on virtual machine ${id}.`);
      if (nat.status === 'cancelled') throw conflict(`The NAT entry ${natId} is already removed.`);
      return { nat_id: natId };
    },
    { nat_id: natId },
  );
