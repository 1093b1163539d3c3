import {
  AlertDelivery,
  CheckResult,
  Envelope,
  Incident,
  ListReply,
  MaintenanceParams,
  MaintenanceWindow,
  MaintenanceWindowBody,
  Monitor,
  MonitorCreate,
  MonitorCreated,
  MonitorListQuery,
  MonitorOperationBody,
  MonitorParams,
  MonitorTargets,
  ResultsQuery,
  SlaQuery,
  SlaReport,
} from '@portal/api/contract';
import { Type } from 'typebox';
import { callerOf } from '../../plugins/access.ts';
import type { AreaRoutes } from '../../platform/area.ts';
import type { MonitoringDriver } from './driver.ts';
import { sendJsonText } from '../../platform/paging.ts';
import { errorReplies } from '../../platform/schemas.ts';
import { areaTaskRoutes } from '../../platform/tasks/route.ts';
import {
  addWindow,
  listMonitors,
  operateMonitor,
  prepareCreate,
  prepareDelete,
  readDeliveries,
  readIncidents,
  readMonitor,
  readResults,
  readTargets,
  readWindows,
  removeWindow,
  slaReport,
} from './service.ts';
import { createMonitorTask, deleteMonitorTask } from './tasks.ts';

const READ = { access: { area: 'monitoring', level: 'read' } } as const;
const MANAGE = { access: { area: 'monitoring', level: 'manage' } } as const;
const TAGS = ['monitoring'];

/** Monitoring: `/services/monitoring` and `/services/monitoring/{id}…`. */
const monitoringRoutes: AreaRoutes<MonitoringDriver> = async (app, { drivers }) => {
  const task = areaTaskRoutes(app, { access: MANAGE.access, tags: TAGS });
  // Not tied to a site: one platform serves every tenant.
  const deps = { db: app.db, driver: drivers.primary };

  app.get(
    '/services/monitoring',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: "Your tenant's monitors (every tenant's for the super-tenant user)",
        querystring: MonitorListQuery,
        response: { 200: ListReply(Monitor), ...errorReplies(400, 401, 403, 404) },
      },
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply) =>
      sendJsonText(reply, await listMonitors(deps, callerOf(request), request.query)),
  );

  task({
    method: 'POST',
    url: '/services/monitoring',
    summary: "Create a monitor for a customer tenant (the provider's super-tenant user only)",
    body: MonitorCreate,
    accepted: MonitorCreated,
    definition: createMonitorTask,
    action: 'monitor.create',
    target: ({ body }) => `tenant:${body.tenant}`,
    prepare: (tx, caller, { body }) =>
      prepareCreate(tx, caller, body, {
        real: app.config.monitoring.driver === 'real',
        allowPrivate: app.config.monitoring.allowPrivate,
      }),
  });

  app.get(
    '/services/monitoring/targets',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'The tenants a monitor may watch for, and their VMs',
        response: { 200: Envelope(MonitorTargets), ...errorReplies(401, 403) },
      },
    },
    async (request) => ({ data: await readTargets(deps, callerOf(request)) }),
  );

  app.get(
    '/services/monitoring/sla',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'SLA report for a period: per monitor, per tenant, or all in view',
        querystring: SlaQuery,
        response: { 200: Envelope(SlaReport), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await slaReport(deps, callerOf(request), request.query) }),
  );

  app.get(
    '/services/monitoring/:id',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'One monitor',
        params: MonitorParams,
        response: { 200: Envelope(Monitor), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await readMonitor(deps, callerOf(request), request.params.id) }),
  );

  app.post(
    '/services/monitoring/:id',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: "Pause or resume a monitor's checks",
        params: MonitorParams,
        body: MonitorOperationBody,
        response: { 200: Envelope(Monitor), ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await operateMonitor(
        deps,
        callerOf(request),
        request.params.id,
        request.body.operation,
      ),
    }),
  );

  task({
    method: 'DELETE',
    url: '/services/monitoring/:id',
    summary: 'Delete a monitor with its results, incidents and windows (a task)',
    params: MonitorParams,
    definition: deleteMonitorTask,
    action: 'monitor.delete',
    prepare: (tx, caller, { params }) => prepareDelete(tx, caller, params.id),
  });

  app.get(
    '/services/monitoring/:id/results',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: "A monitor's check results (the last 24 hours unless `hours` says)",
        params: MonitorParams,
        querystring: ResultsQuery,
        response: { 200: Envelope(Type.Array(CheckResult)), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await readResults(
        deps,
        callerOf(request),
        request.params.id,
        request.query.hours ?? 24,
      ),
    }),
  );

  app.get(
    '/services/monitoring/:id/incidents',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: "A monitor's incidents, newest first",
        params: MonitorParams,
        response: { 200: Envelope(Type.Array(Incident)), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await readIncidents(deps, callerOf(request), request.params.id),
    }),
  );

  app.get(
    '/services/monitoring/:id/deliveries',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: "A monitor's alert deliveries with every attempt to send them, newest first",
        params: MonitorParams,
        response: {
          200: Envelope(Type.Array(AlertDelivery)),
          ...errorReplies(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      data: await readDeliveries(deps, callerOf(request), request.params.id),
    }),
  );

  app.get(
    '/services/monitoring/:id/maintenance',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: "A monitor's maintenance windows",
        params: MonitorParams,
        response: {
          200: Envelope(Type.Array(MaintenanceWindow)),
          ...errorReplies(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({ data: await readWindows(deps, callerOf(request), request.params.id) }),
  );

  app.post(
    '/services/monitoring/:id/maintenance',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Add a maintenance window (one-off or weekly)',
        params: MonitorParams,
        body: MaintenanceWindowBody,
        response: { 201: Envelope(MaintenanceWindow), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await addWindow(deps, callerOf(request), request.params.id, request.body),
      }),
  );

  app.delete(
    '/services/monitoring/:id/maintenance/:windowId',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Remove a maintenance window',
        params: MaintenanceParams,
        response: { 204: Type.Null(), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeWindow(deps, callerOf(request), request.params.id, request.params.windowId);
      return reply.code(204).send(null);
    },
  );
};

export default monitoringRoutes;
