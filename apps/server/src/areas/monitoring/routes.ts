import {
  AlertDelivery,
  CheckResult,
  Incident,
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
import type { AreaRoutes } from '../../platform/area.ts';
import type { MonitoringDriver } from './driver.ts';
import { areaRoutes } from '../../platform/routes.ts';
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

const TAGS = ['monitoring'];

/** Monitoring: `/services/monitoring` and `/services/monitoring/{id}…`. */
const monitoringRoutes: AreaRoutes<MonitoringDriver> = async (app, { drivers }) => {
  const route = areaRoutes(app, { permission: 'monitoring', tags: TAGS });
  // Not tied to a site: one platform serves every tenant.
  const deps = { db: app.db, driver: drivers.primary };

  route.list(
    {
      url: '/services/monitoring',
      summary: "Your tenant's monitors (every tenant's for the super-tenant user)",
      querystring: MonitorListQuery,
      item: Monitor,
      errors: [400, 401, 403, 404],
    },
    ({ query }, caller) => listMonitors(deps, caller, query),
  );

  route.task({
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

  route.read(
    {
      url: '/services/monitoring/targets',
      summary: 'The tenants a monitor may watch for, and their VMs',
      data: MonitorTargets,
    },
    (_input, caller) => readTargets(deps, caller),
  );

  route.read(
    {
      url: '/services/monitoring/sla',
      summary: 'SLA report for a period: per monitor, per tenant, or all in view',
      querystring: SlaQuery,
      data: SlaReport,
      errors: [400, 401, 403, 404],
    },
    ({ query }, caller) => slaReport(deps, caller, query),
  );

  route.read(
    {
      url: '/services/monitoring/:id',
      summary: 'One monitor',
      params: MonitorParams,
      data: Monitor,
    },
    ({ params }, caller) => readMonitor(deps, caller, params.id),
  );

  route.change(
    {
      method: 'POST',
      url: '/services/monitoring/:id',
      summary: "Pause or resume a monitor's checks",
      params: MonitorParams,
      body: MonitorOperationBody,
      data: Monitor,
      errors: [400, 401, 403, 404, 409],
    },
    ({ params, body }, caller) => operateMonitor(deps, caller, params.id, body.operation),
  );

  route.task({
    method: 'DELETE',
    url: '/services/monitoring/:id',
    summary: 'Delete a monitor with its results, incidents and windows (a task)',
    params: MonitorParams,
    definition: deleteMonitorTask,
    action: 'monitor.delete',
    prepare: (tx, caller, { params }) => prepareDelete(tx, caller, params.id),
  });

  route.read(
    {
      url: '/services/monitoring/:id/results',
      summary: "A monitor's check results (the last 24 hours unless `hours` says)",
      params: MonitorParams,
      querystring: ResultsQuery,
      data: Type.Array(CheckResult),
    },
    ({ params, query }, caller) => readResults(deps, caller, params.id, query.hours ?? 24),
  );

  route.read(
    {
      url: '/services/monitoring/:id/incidents',
      summary: "A monitor's incidents, newest first",
      params: MonitorParams,
      data: Type.Array(Incident),
    },
    ({ params }, caller) => readIncidents(deps, caller, params.id),
  );

  route.read(
    {
      url: '/services/monitoring/:id/deliveries',
      summary: "A monitor's alert deliveries with every attempt to send them, newest first",
      params: MonitorParams,
      data: Type.Array(AlertDelivery),
    },
    ({ params }, caller) => readDeliveries(deps, caller, params.id),
  );

  route.read(
    {
      url: '/services/monitoring/:id/maintenance',
      summary: "A monitor's maintenance windows",
      params: MonitorParams,
      data: Type.Array(MaintenanceWindow),
    },
    ({ params }, caller) => readWindows(deps, caller, params.id),
  );

  route.change(
    {
      method: 'POST',
      url: '/services/monitoring/:id/maintenance',
      status: 201,
      summary: 'Add a maintenance window (one-off or weekly)',
      params: MonitorParams,
      body: MaintenanceWindowBody,
      data: MaintenanceWindow,
    },
    ({ params, body }, caller) => addWindow(deps, caller, params.id, body),
  );

  route.remove(
    {
      url: '/services/monitoring/:id/maintenance/:windowId',
      summary: 'Remove a maintenance window',
      params: MaintenanceParams,
    },
    ({ params }, caller) => removeWindow(deps, caller, params.id, params.windowId),
  );
};

export default monitoringRoutes;
