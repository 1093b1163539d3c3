import {
  VwseriesBackup,
  VwseriesOperationBody,
  VwseriesParams,
  VwseriesService,
  VwseriesUsage,
  VwseriesVmParams,
} from '@portal/api/contract';
import { areaRoutes } from '../../platform/routes.ts';
import { computeArea, computeDeps, registerVmBase } from '../compute/index.ts';
import type { AreaRoutes } from '../../platform/area.ts';
import type { VwseriesDriver } from './driver.ts';
import { checkService, listServices, prepareRefresh, readBackup, readUsage } from './service.ts';
import { refreshServiceTask } from './tasks.ts';

const TAGS = ['vwseries'];

/** Virtual-wire series: services addressed by serviceid, and the VM base under each. */
const vwseriesRoutes: AreaRoutes<VwseriesDriver> = async (app, { platform }) => {
  const route = areaRoutes(app, { permission: 'vwseries', tags: TAGS });
  const deps = { db: app.db, lists: app.listCache };
  const vmDeps = computeDeps(app.db, platform.driversOf(computeArea), app.listCache);

  route.list(
    {
      url: '/services/vwseries',
      summary: 'Your vwseries services',
      item: VwseriesService,
    },
    ({ query }, caller) => listServices(deps, caller, query),
  );

  route.read(
    {
      url: '/services/vwseries/:serviceid/backup',
      summary: "A service's backup: policy, last run, per VM",
      params: VwseriesParams,
      data: VwseriesBackup,
    },
    ({ params }, caller) => readBackup(deps, caller, params.serviceid),
  );

  route.read(
    {
      url: '/services/vwseries/:serviceid/usage',
      summary: "What a service's VMs use of its limits",
      params: VwseriesParams,
      data: VwseriesUsage,
    },
    ({ params }, caller) => readUsage(deps, caller, params.serviceid),
  );

  route.task({
    method: 'POST',
    url: '/services/vwseries/:serviceid',
    summary: 'Refresh a service from the platform (operation refresh)',
    params: VwseriesParams,
    body: VwseriesOperationBody,
    definition: refreshServiceTask,
    action: 'vwseries.refresh',
    target: ({ params }) => `vwseries:${params.serviceid}`,
    prepare: (tx, caller, { params }) => prepareRefresh(tx, caller, params.serviceid),
  });

  registerVmBase(app, vmDeps, {
    prefix: '/services/vwseries/:serviceid/vm',
    listParams: VwseriesParams,
    params: VwseriesVmParams,
    area: 'vwseries',
    listScope: async ({ serviceid }, caller) => {
      await checkService(deps, caller, serviceid);
      return { series: 'vwseries', serviceid };
    },
    resolve: async (db, { serviceid, id }, caller) => {
      await checkService({ db }, caller, serviceid);
      return { scope: { series: 'vwseries', serviceid }, id };
    },
  });
};

export default vwseriesRoutes;
