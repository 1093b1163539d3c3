import {
  Envelope,
  ListPagingQuery,
  ListReply,
  VwseriesBackup,
  VwseriesOperationBody,
  VwseriesParams,
  VwseriesService,
  VwseriesUsage,
  VwseriesVmParams,
} from '@portal/api/contract';
import { callerOf } from '../../plugins/access.ts';
import { sendJsonText } from '../../platform/paging.ts';
import { errorReplies } from '../../platform/schemas.ts';
import { areaTaskRoutes } from '../../platform/tasks/route.ts';
import { computeArea, computeDeps, registerVmBase } from '../compute/index.ts';
import type { AreaRoutes } from '../../platform/area.ts';
import type { VwseriesDriver } from './driver.ts';
import { checkService, listServices, prepareRefresh, readBackup, readUsage } from './service.ts';
import { refreshServiceTask } from './tasks.ts';

const READ = { access: { area: 'vwseries', level: 'read' } } as const;
const MANAGE = { access: { area: 'vwseries', level: 'manage' } } as const;
const TAGS = ['vwseries'];

/** Virtual-wire series: services addressed by serviceid, and the VM base under each. */
const vwseriesRoutes: AreaRoutes<VwseriesDriver> = async (app, { platform }) => {
  const task = areaTaskRoutes(app, { access: MANAGE.access, tags: TAGS });
  const deps = { db: app.db, lists: app.listCache };
  const vmDeps = computeDeps(app.db, platform.driversOf(computeArea), app.listCache);

  app.get(
    '/services/vwseries',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'Your vwseries services',
        querystring: ListPagingQuery,
        response: { 200: ListReply(VwseriesService), ...errorReplies(400, 401, 403) },
      },
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply) =>
      sendJsonText(reply, await listServices(deps, callerOf(request), request.query)),
  );

  app.get(
    '/services/vwseries/:serviceid/backup',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: "A service's backup: policy, last run, per VM",
        params: VwseriesParams,
        response: { 200: Envelope(VwseriesBackup), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await readBackup(deps, callerOf(request), request.params.serviceid),
    }),
  );

  app.get(
    '/services/vwseries/:serviceid/usage',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: "What a service's VMs use of its limits",
        params: VwseriesParams,
        response: { 200: Envelope(VwseriesUsage), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await readUsage(deps, callerOf(request), request.params.serviceid),
    }),
  );

  task({
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
