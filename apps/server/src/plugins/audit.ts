import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { insertAuditEntry, type AuditEntry, type AuditRow } from '../db/audit.ts';
import type { Queryable } from '../db/database.ts';
import { HttpError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether a handler wrote its own audit entry for this request. */
    audited: boolean;
  }
}

export interface AuditEvent {
  /** What was done, e.g. `vm.power`, `user.create`. */
  action: string;
  /** What it was done to, e.g. a VM id or an e-mail. */
  target?: string | null;
  /** The target as people know it (an e-mail, a VM's name): shown and searched in the log. */
  targetLabel?: string | null;
  result: AuditEntry['result'];
  detail?: Record<string, unknown>;
  /** The tenant acted for, when an internal user acts for a customer; else the actor's own. */
  actingTenant?: string | null;
  /** The area it belongs to; by default the route's permission area, or its path's. */
  area?: string | null;
}

/** The area a request belongs to: its permission area, else the first word of its path. */
function areaOf(request: FastifyRequest): string | null {
  const access = request.routeOptions.config.access;
  if (access) return access.area;
  const path = request.routeOptions.url ?? request.url;
  const match = /^\/api\/(?:services\/)?([a-z-]+)/.exec(path);
  return match?.[1] ?? null;
}

/**
 * Writes one audit-log row for this request, naming the signed-in actor and their tenant; on `db`
 * when given (the transaction that makes the change), else on the server's database.
 */
export async function audit(
  request: FastifyRequest,
  event: AuditEvent,
  db: Queryable = request.server.db,
): Promise<AuditRow> {
  request.audited = true;
  const principal = request.principal;
  const actorTenant = principal?.actingFrom?.cdb_id ?? principal?.tenant.cdb_id ?? null;
  return insertAuditEntry(db, {
    actorEmail: request.identity?.email ?? null,
    actorTenant,
    actingTenant: event.actingTenant ?? principal?.tenant.cdb_id ?? null,
    area: event.area === undefined ? areaOf(request) : event.area,
    address: request.ip,
    action: event.action,
    target: event.target ?? null,
    targetLabel: event.targetLabel ?? null,
    result: event.result,
    detail: event.detail ?? {},
  });
}

/**
 * Runs a check or a change and audits only its refusal: when it throws an HttpError, `denied`
 * (401/403) or `failure` with the status and sentence; a success is left to the caller to record.
 */
export async function auditedRefusal<T>(
  request: FastifyRequest,
  event: Omit<AuditEvent, 'result'>,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError) {
      const { statusCode: status } = error;
      await audit(request, {
        ...event,
        result: status === 401 || status === 403 ? 'denied' : 'failure',
        detail: { ...event.detail, status, message: error.message },
      });
    }
    throw error;
  }
}

/**
 * Runs a change and audits its outcome: `success` with what `describe` adds to the detail, or,
 * when it throws an HttpError, `denied` (401/403) or `failure` with the status and sentence.
 */
export async function audited<T>(
  request: FastifyRequest,
  event: Omit<AuditEvent, 'result'>,
  run: () => Promise<T>,
  describe: (result: T) => Record<string, unknown> = () => ({}),
  /** Names the target from what the change answered (a licence's reference, a campaign's name). */
  labelOf?: (result: T) => string | null,
): Promise<T> {
  const result = await auditedRefusal(request, event, run);
  await audit(request, {
    ...event,
    targetLabel: event.targetLabel ?? labelOf?.(result) ?? null,
    result: 'success',
    detail: { ...event.detail, ...describe(result) },
  });
  return result;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const isDenied = (status: number) => status === 401 || status === 403;

/**
 * So that no change goes unrecorded: every authenticated request that changes something and
 * whose handler did not call `audit()` gets a generic row (`POST /api/...`) once answered; and so
 * is every refusal (401, 403), of any request.
 */
const auditPlugin: FastifyPluginAsync = async (app) => {
  app.decorateRequest('audited', false);
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    if (request.audited) return;
    if (!isDenied(status) && (!request.identity || !MUTATING.has(request.method))) return;
    try {
      await audit(request, {
        action: `${request.method} ${request.routeOptions.url ?? request.url}`,
        target: request.url,
        result: status < 400 ? 'success' : status === 401 || status === 403 ? 'denied' : 'failure',
        detail: { status },
      });
    } catch (error) {
      request.log.error({ err: error }, 'could not write the audit log');
    }
  });
};

export default fp(auditPlugin, { name: 'audit', fastify: '5.x', dependencies: ['auth'] });
