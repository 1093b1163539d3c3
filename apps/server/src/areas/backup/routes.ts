import {
  BackupCreate,
  BackupCreateAccepted,
  BackupEnabledBody,
  BackupJob,
  BackupParams,
  BackupQuotaBody,
  BackupRestorePoint,
  BackupRetentionBody,
  BackupTenant,
  BackupTenantSummary,
  BackupUsage,
  ListPage,
  ListPagingQuery,
  TaskParams,
  TaskStatus,
} from '@portal/api/contract';
import { Type } from 'typebox';
import { callerOf } from '../../plugins/access.ts';
import { areaRoutes } from '../../platform/routes.ts';
import type { AreaRoutes } from '../../platform/area.ts';
import type { BackupDriver } from './driver.ts';
import { errorReplies } from '../../platform/schemas.ts';
import { readTaskStatus } from '../../platform/tasks/service.ts';
import {
  changeEnabled,
  changeQuota,
  changeRetention,
  listBackups,
  prepareCreate,
  prepareDelete,
  prepareRunJob,
  readBackup,
  readJobs,
  readRestorePoints,
  readUsage,
} from './service.ts';
import { createBackupTask, deleteBackupTask, runJobTask } from './tasks.ts';

const TAGS = ['backup'];
const KIND = 'backup';
const CHANGE_ERRORS = [400, 401, 403, 404, 409] as const;
/** A backup tenant's audit target, from the path. */
const target = (params: { id: string }) => `backup:${params.id}`;
const nameOf = (tenant: { name: string }) => tenant.name;

/** Backup tenants under `/services/backup` (specification section 7, and ours beside it). */
const backupRoutes: AreaRoutes<BackupDriver> = async (app, { drivers }) => {
  const route = areaRoutes(app, { permission: 'backup', tags: TAGS });
  // Not tied to a site: one platform serves every tenant.
  const deps = { db: app.db, driver: drivers.primary, lists: app.listCache };

  route.list(
    {
      url: '/services/backup',
      summary: 'Your backup tenants',
      item: BackupTenantSummary,
    },
    ({ query }, caller) => listBackups(deps, caller, query),
  );

  route.task({
    method: 'POST',
    url: '/services/backup',
    summary: "Create a backup tenant; a task creates it. The agent's secret is in this reply only.",
    body: BackupCreate,
    accepted: BackupCreateAccepted,
    definition: createBackupTask,
    action: 'backup.create',
    locksTenant: true,
    prepare: (tx, caller, { body }) => prepareCreate(tx, caller, body),
  });

  route.read(
    {
      url: '/services/backup/task_status/:id',
      summary: "A backup task's state and message",
      params: TaskParams,
      data: TaskStatus,
    },
    ({ params }, caller) => readTaskStatus(app.db, caller, params.id, KIND),
  );

  route.read(
    {
      url: '/services/backup/:id',
      summary: 'One backup tenant: usage, retention, agent account, protected machines',
      params: BackupParams,
      data: BackupTenant,
    },
    ({ params }, caller) => readBackup(deps, caller, params.id),
  );

  route.read(
    {
      url: '/services/backup/:id/jobs',
      summary: "A backup tenant's jobs, the newest first (the last 100)",
      params: BackupParams,
      data: Type.Array(BackupJob),
    },
    ({ params }, caller) => readJobs(deps, caller, params.id),
  );

  app.get(
    '/services/backup/:id/restore_points',
    {
      config: { access: { area: 'backup', level: 'read' } },
      schema: {
        tags: TAGS,
        summary: "A backup tenant's restore points, a page at a time (sort created or size)",
        params: BackupParams,
        querystring: ListPagingQuery,
        response: {
          200: Type.Object({ data: Type.Array(BackupRestorePoint), page: ListPage }),
          ...errorReplies(400, 401, 403, 404),
        },
      },
    },
    async (request) => readRestorePoints(deps, callerOf(request), request.params.id, request.query),
  );

  route.read(
    {
      url: '/services/backup/:id/usage',
      summary: 'Used storage after each job, with the quota',
      params: BackupParams,
      data: BackupUsage,
    },
    ({ params }, caller) => readUsage(deps, caller, params.id),
  );

  route.change(
    {
      method: 'PATCH',
      url: '/services/backup/:id/quota',
      summary: 'Change the hard quota, the warning threshold or the quota alerts',
      params: BackupParams,
      body: BackupQuotaBody,
      data: BackupTenant,
      errors: CHANGE_ERRORS,
    },
    ({ params, body }, caller) => changeQuota(deps, caller, params.id, body),
    {
      event: ({ params, body }) => ({
        action: 'backup.quota',
        target: target(params),
        detail: { ...body },
      }),
      label: nameOf,
    },
  );

  route.change(
    {
      method: 'PUT',
      url: '/services/backup/:id/enabled',
      summary: 'Enable or disable a backup tenant (no jobs run while disabled)',
      params: BackupParams,
      body: BackupEnabledBody,
      data: BackupTenant,
      errors: CHANGE_ERRORS,
    },
    ({ params, body }, caller) => changeEnabled(deps, caller, params.id, body.enabled),
    {
      event: ({ params, body }) => ({
        action: body.enabled ? 'backup.enable' : 'backup.disable',
        target: target(params),
      }),
      label: nameOf,
    },
  );

  route.change(
    {
      method: 'PUT',
      url: '/services/backup/:id/retention',
      summary: 'Change the retention; restore points it no longer keeps are pruned',
      params: BackupParams,
      body: BackupRetentionBody,
      data: BackupTenant,
      errors: CHANGE_ERRORS,
    },
    ({ params, body }, caller) => changeRetention(deps, caller, params.id, body.retention),
    {
      event: ({ params, body }) => ({
        action: 'backup.retention',
        target: target(params),
        detail: body.retention,
      }),
      label: nameOf,
    },
  );

  route.task({
    method: 'POST',
    url: '/services/backup/:id/jobs',
    summary: 'Run a backup job now (a task); over the hard quota it fails with a sentence',
    params: BackupParams,
    definition: runJobTask,
    action: 'backup.job',
    prepare: (tx, caller, { params }) => prepareRunJob(tx, caller, params.id),
  });

  route.task({
    method: 'DELETE',
    url: '/services/backup/:id',
    summary: 'Delete a backup tenant with its restore points (a task)',
    params: BackupParams,
    definition: deleteBackupTask,
    action: 'backup.delete',
    prepare: (tx, caller, { params }) => prepareDelete(tx, caller, params.id),
  });
};

export default backupRoutes;
