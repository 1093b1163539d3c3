import { createHash, randomBytes } from 'node:crypto';
import type { ConsoleTicket } from '@portal/api/contract';
import { conflict, notFound, unauthorized } from '../../errors.ts';
import type { Caller } from '../../plugins/access.ts';
import type { ConsoleTarget } from './driver.ts';
import { insertConsoleTicket, redeemConsoleTicket } from './repository/console-tickets.ts';
import { findVm, type VmScope } from './repository/vms.ts';
import type { ComputeDeps } from './service.ts';

/** How long a console ticket is good for: enough to open the WebSocket, no more. */
export const CONSOLE_TICKET_TTL_MS = 30_000;
export const CONSOLE_WS_PATH = '/api/console/ws';
export const INVALID_TICKET_MESSAGE =
  'The console ticket is not valid: it expired or was used already. Open the console again.';

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * A single-use ticket for a VM's serial console. Browsers cannot put a bearer token on a
 * WebSocket, so the authenticated GET hands out this short-lived secret for the URL instead.
 */
export async function issueConsoleTicket(
  deps: ComputeDeps,
  caller: Caller,
  scope: VmScope,
  id: number,
  now = Date.now(),
): Promise<ConsoleTicket> {
  const vm = await findVm(deps.db, caller.tenantId, scope, id);
  if (!vm) throw notFound(`No virtual machine ${id}.`);
  if (vm.powerState !== 'poweredOn')
    throw conflict('The console needs a powered-on virtual machine. Power it on first.');
  const ticket = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now + CONSOLE_TICKET_TTL_MS);
  await insertConsoleTicket(deps.db, caller.tenantId, {
    hash: hashOf(ticket),
    vmId: vm.id,
    createdBy: caller.email,
    expiresAt,
  });
  return {
    ticket,
    url: `${CONSOLE_WS_PATH}?ticket=${ticket}`,
    expires_at: expiresAt.toISOString(),
  };
}

/** Uses a ticket up and answers the VM it opens; 401 when it is unknown, used or expired. */
export async function redeemTicket(
  deps: ComputeDeps,
  ticket: string,
): Promise<ConsoleTarget & { tenantId: number; createdBy: string | null }> {
  const redeemed = await redeemConsoleTicket(deps.db, hashOf(ticket));
  if (!redeemed) throw unauthorized(INVALID_TICKET_MESSAGE);
  const vm = await findVm(deps.db, redeemed.tenantId, { series: 'any' }, redeemed.vmId);
  if (!vm) throw unauthorized(INVALID_TICKET_MESSAGE);
  return {
    id: vm.id,
    displayName: vm.displayName,
    os: vm.os,
    location: vm.location,
    tenantId: redeemed.tenantId,
    createdBy: redeemed.createdBy,
  };
}
