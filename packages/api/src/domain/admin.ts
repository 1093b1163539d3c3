// Administration rules the server enforces and the portal explains: plain functions returning the
// sentence of a refusal, or null.
import { POC_VM_LIMIT } from './compute.ts';

/** Why a role may not be deleted now, or null. */
export const roleDeleteRefusal = (role: { name: string; builtin: boolean }, holders: number) =>
  role.builtin
    ? `${role.name} is a built-in role and cannot be deleted.`
    : holders > 0
      ? `${role.name} is held by ${holders} ${holders === 1 ? 'user' : 'users'}; give ${holders === 1 ? 'that user' : 'them'} another role first.`
      : null;

/** Why a role may not be changed, or null. */
export const roleChangeRefusal = (role: { name: string; builtin: boolean }) =>
  role.builtin ? `${role.name} is a built-in role and cannot be changed.` : null;

/**
 * Why a change would leave the portal without a built-in administrator (deleting, disabling or
 * demoting the last one), or null.
 */
export const lastAdministratorRefusal = (administratorsLeft: number) =>
  administratorsLeft < 1
    ? 'The portal needs at least one built-in administrator: this is the last one.'
    : null;

/** Why a typed confirmation does not match, or null. */
export const typedConfirmationRefusal = (expected: string, typed: string) =>
  typed.trim().toLowerCase() === expected.toLowerCase() ? null : `Type ${expected} to confirm.`;

/** A proof-of-concept tenant's trial limits: what is used and what is left. */
export const pocTrial = (virtualMachines: number) => ({
  limit: POC_VM_LIMIT,
  used: virtualMachines,
  left: Math.max(0, POC_VM_LIMIT - virtualMachines),
});
