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
  Envelope,
  ListPage,
  ListPagingQuery,
  ListReply,
  TaskParams,
  TaskStatus,
} from '@portal/api/contract';
import { Type } from 'typebox';
import { callerOf } from '../../plugins/access.ts';
import type { AreaRoutes } from '../../platform/area.ts';
import type { BackupDriver } from './driver.ts';
import { audited } from '../../plugins/audit.ts';
import { sendJsonText } from '../../platform/paging.ts';
import { errorReplies } from '../../platform/schemas.ts';
import { areaTaskRoutes } from '../../platform/tasks/route.ts';
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

const READ = { access: { area: 'backup', level: 'read' } } as const;
const MANAGE = { access: { area: 'backup', level: 'manage' } } as const;
const TAGS = ['backup'];
const KIND = 'backup';

/** Backup tenants under `/services/backup` (specification section 7, and ours beside it). */
const backupRoutes: AreaRoutes<BackupDriver> = async (app, { drivers }) => {
  const task = areaTaskRoutes(app, { access: MANAGE.access, tags: TAGS });
  const target = ({ params }: { params: { id: string } }) => `backup:${params.id}`;
  // Not tied to a site: one platform serves every tenant.
  const deps = { db: app.db, driver: drivers.primary, lists: app.listCache };

  app.get(
    '/services/backup',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'Your backup tenants',
        querystring: ListPagingQuery,
        response: { 200: ListReply(BackupTenantSummary), ...errorReplies(400, 401, 403) },
      },
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply) =>
      sendJsonText(reply, await listBackups(deps, callerOf(request), request.query)),
  );

  task({
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

  app.get(
    '/services/backup/task_status/:id',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: "A backup task's state and message",
        params: TaskParams,
        response: { 200: Envelope(TaskStatus), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await readTaskStatus(app.db, callerOf(request), request.params.id, KIND),
    }),
  );

  app.get(
    '/services/backup/:id',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'One backup tenant: usage, retention, agent account, protected machines',
        params: BackupParams,
        response: { 200: Envelope(BackupTenant), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await readBackup(deps, callerOf(request), request.params.id),
    }),
  );

  app.get(
    '/services/backup/:id/jobs',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: "A backup tenant's jobs, the newest first (the last 100)",
        params: BackupParams,
        response: { 200: Envelope(Type.Array(BackupJob)), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await readJobs(deps, callerOf(request), request.params.id) }),
  );

  app.get(
    '/services/backup/:id/restore_points',
    {
      config: READ,
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

  app.get(
    '/services/backup/:id/usage',
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'Used storage after each job, with the quota',
        params: BackupParams,
        response: { 200: Envelope(BackupUsage), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await readUsage(deps, callerOf(request), request.params.id) }),
  );

  app.patch(
    '/services/backup/:id/quota',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Change the hard quota, the warning threshold or the quota alerts',
        params: BackupParams,
        body: BackupQuotaBody,
        response: { 200: Envelope(BackupTenant), ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await audited(
        request,
        { action: 'backup.quota', target: target(request), detail: { ...request.body } },
        () => changeQuota(deps, callerOf(request), request.params.id, request.body),
        undefined,
        (tenant) => tenant.name,
      ),
    }),
  );

  app.put(
    '/services/backup/:id/enabled',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Enable or disable a backup tenant (no jobs run while disabled)',
        params: BackupParams,
        body: BackupEnabledBody,
        response: { 200: Envelope(BackupTenant), ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await audited(
        request,
        {
          action: request.body.enabled ? 'backup.enable' : 'backup.disable',
          target: target(request),
        },
        () => changeEnabled(deps, callerOf(request), request.params.id, request.body.enabled),
        undefined,
        (tenant) => tenant.name,
      ),
    }),
  );

  app.put(
    '/services/backup/:id/retention',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Change the retention; restore points it no longer keeps are pruned',
        params: BackupParams,
        body: BackupRetentionBody,
        response: { 200: Envelope(BackupTenant), ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await audited(
        request,
        { action: 'backup.retention', target: target(request), detail: request.body.retention },
        () => changeRetention(deps, callerOf(request), request.params.id, request.body.retention),
        undefined,
        (tenant) => tenant.name,
      ),
    }),
  );

  task({
    method: 'POST',
    url: '/services/backup/:id/jobs',
    summary: 'Run a backup job now (a task); over the hard quota it fails with a sentence',
    params: BackupParams,
    definition: runJobTask,
    action: 'backup.job',
    prepare: (tx, caller, { params }) => prepareRunJob(tx, caller, params.id),
  });

  task({
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
