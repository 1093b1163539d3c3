import {
  Volume,
  VolumeAttach,
  VolumeCreate,
  VolumeCreateAccepted,
  VolumeExtend,
  VolumeListQuery,
  VolumeParams,
} from '@portal/api/contract';
import type { AreaRoutes } from '../../platform/area.ts';
import { areaRoutes } from '../../platform/routes.ts';
import type { StorageDriver } from './driver.ts';
import { reconcileVolumes } from './outside.ts';
import { followSiteChanges } from '../../platform/outside.ts';
import {
  listVolumes,
  prepareAttach,
  prepareCreateVolume,
  prepareDeleteVolume,
  prepareDetach,
  prepareExtend,
  readVolume,
} from './service.ts';
import {
  attachVolumeTask,
  createVolumeTask,
  deleteVolumeTask,
  detachVolumeTask,
  extendVolumeTask,
} from './tasks.ts';

const TAGS = ['storage'];
const BASE = '/services/storage';
const ITEM = `${BASE}/:id`;

/** Storage volumes: the list, one volume, and the slow operations as tasks. */
const storageRoutes: AreaRoutes<StorageDriver> = async (app, { drivers }) => {
  const route = areaRoutes(app, { permission: 'storage', tags: TAGS });
  const deps = { db: app.db, drivers, lists: app.listCache };
  // Volumes made, attached, detached or deleted outside the portal (on the LXD host) show up.
  // One look at a time per site: a batch arriving meanwhile waits for the one running.
  followSiteChanges(
    app,
    drivers,
    {
      component: 'outside-volumes',
      failure: 'could not read volume changes made outside the portal',
      oneAtATime: true,
    },
    (site, tenantCodes) =>
      reconcileVolumes(app.db, site.driver, site.locations, tenantCodes, site.log),
  );

  route.list(
    {
      url: BASE,
      summary: 'Your volumes (all, a page, or those attached to one VM)',
      querystring: VolumeListQuery,
      item: Volume,
    },
    ({ query }, caller) => listVolumes(deps, caller, query),
  );

  route.read(
    {
      url: ITEM,
      summary: 'One volume',
      params: VolumeParams,
      data: Volume,
    },
    ({ params }, caller) => readVolume(deps, caller, params.id),
  );

  route.task({
    method: 'POST',
    url: BASE,
    summary: 'Create a volume, empty or from a VM snapshot (a task)',
    body: VolumeCreate,
    accepted: VolumeCreateAccepted,
    definition: createVolumeTask,
    action: 'volume.create',
    prepare: (tx, caller, { body }) => prepareCreateVolume(deps, tx, caller, body),
  });

  route.task({
    method: 'POST',
    url: `${ITEM}/attach`,
    summary: 'Attach a volume to a VM at its site (a task)',
    params: VolumeParams,
    body: VolumeAttach,
    definition: attachVolumeTask,
    action: 'volume.attach',
    prepare: (tx, caller, { params, body }) => prepareAttach(tx, caller, params.id, body.vm_id),
  });

  route.task({
    method: 'POST',
    url: `${ITEM}/detach`,
    summary: 'Detach a volume from its VM (a task)',
    params: VolumeParams,
    definition: detachVolumeTask,
    action: 'volume.detach',
    prepare: (tx, caller, { params }) => prepareDetach(tx, caller, params.id),
  });

  route.task({
    method: 'PATCH',
    url: `${ITEM}/size`,
    summary: 'Extend a volume; it only grows (a task)',
    params: VolumeParams,
    body: VolumeExtend,
    definition: extendVolumeTask,
    action: 'volume.extend',
    prepare: (tx, caller, { params, body }) => prepareExtend(tx, caller, params.id, body.size_gb),
  });

  route.task({
    method: 'DELETE',
    url: ITEM,
    summary: 'Delete a volume; refused while attached (a task)',
    params: VolumeParams,
    definition: deleteVolumeTask,
    action: 'volume.delete',
    prepare: (tx, caller, { params }) => prepareDeleteVolume(tx, caller, params.id),
  });
};

export default storageRoutes;
