// Endpoint security's slow operation: network containment of a host, and lifting it.
import { CONTAINMENT_OPERATIONS } from '@portal/api/contract';
import { Type } from 'typebox';
import { taskDefiner, type TargetKind } from '../../platform/tasks/registry.ts';
import type { EndpointDriver } from './driver.ts';
import { hostPaths, setHostContained } from './repository.ts';

const KIND = 'edr-host';
const defineTask = taskDefiner<EndpointDriver>('crowdstrike', KIND);

/** A host's task points at its subscription's medr detail. */
export const edrHostTargets: TargetKind = {
  kind: KIND,
  paths: (db, tenantId, ids) => hostPaths(db, tenantId, ids),
};

export const containmentTask = defineTask({
  op: 'edr.containment',
  label: (payload) => (payload.operation === 'contain' ? 'Contain host' : 'Lift containment'),
  operation: (payload) => payload.operation,
  payload: Type.Object({
    subscription_id: Type.Integer(),
    host_ref: Type.String(),
    operation: Type.Enum(CONTAINMENT_OPERATIONS),
  }),
  run: (ctx, task) =>
    ctx.driver.setContainment(
      ctx,
      task.payload.subscription_id,
      task.payload.host_ref,
      task.payload.operation === 'contain',
    ),
  async apply(tx, task, facts) {
    await setHostContained(tx, task.targetId, facts.contained);
    return facts.contained
      ? `${facts.hostname} is contained: it can reach only the security platform.`
      : `Containment of ${facts.hostname} was lifted.`;
  },
});

/** Every endpoint security task, for the registry. */
export const CROWDSTRIKE_TASKS = [containmentTask] as const;
