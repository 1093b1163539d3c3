// What administration keeps track of on every request: sign-ins (once per session, from the ID
// token's sign-in time), and the audit log's retention.
import fp from 'fastify-plugin';
import { audit } from '../../plugins/audit.ts';
import type { AreaRoutes } from '../../platform/area.ts';
import { identityErrorCode, type IdentityAdmin } from '../../identity-admin.ts';
import { deleteOldLog, recordSignIn, setSecondFactor } from './repository.ts';

/** How often old audit entries are deleted (ms). */
const RETENTION_EVERY_MS = 3_600_000;

const enrolled = async (identity: IdentityAdmin, email: string): Promise<boolean | null> => {
  try {
    const user = await identity.getUserByEmail(email);
    return (user.multiFactor?.enrolledFactors.length ?? 0) > 0;
  } catch (error) {
    if (identityErrorCode(error) === 'auth/user-not-found') return null;
    throw error;
  }
};

/**
 * Registered right after auth (it reads `request.identity` and `request.principal`): the first
 * request of a new session records the sign-in (an invited user becomes active) and audits it.
 */
const adminSessionPlugin: AreaRoutes<never> = async (app, { platform }) => {
  const identity = platform.identityAdmin;
  const retentionEveryMs = RETENTION_EVERY_MS;
  // The sign-in times this process has seen recorded, so that the requests that follow within
  // the principal cache's window (which still holds the old time) skip the database.
  const seen = new Map<string, number>();
  app.addHook('onRequest', async (request) => {
    const principal = request.principal;
    const authTime = request.identity?.authTime;
    if (!principal || authTime === undefined) return;
    const at = new Date(authTime * 1000);
    const known = Math.max(principal.lastSignInAt?.getTime() ?? 0, seen.get(principal.email) ?? 0);
    if (known >= at.getTime()) return;
    if (seen.size >= 50_000) seen.clear();
    seen.set(principal.email, at.getTime());
    if (!(await recordSignIn(app.db, principal.email, at))) return;
    try {
      const secondFactor = identity ? await enrolled(identity, principal.email) : null;
      if (secondFactor !== null) await setSecondFactor(app.db, principal.email, secondFactor);
    } catch (error) {
      request.log.warn({ err: error }, 'could not read the second factor of a user');
    }
    const wasAudited = request.audited;
    await audit(request, {
      action: 'auth.sign_in',
      target: principal.email,
      targetLabel: principal.email,
      result: 'success',
      area: 'account',
      actingTenant: principal.actingFrom?.cdb_id ?? principal.tenant.cdb_id,
    });
    // The sign-in row is not this request's own audit entry.
    request.audited = wasAudited;
  });

  const prune = async () => {
    try {
      const deleted = await deleteOldLog(app.db, app.config.auditRetentionDays);
      if (deleted > 0)
        app.log.info({ deleted, days: app.config.auditRetentionDays }, 'pruned the audit log');
    } catch (error) {
      app.log.error({ err: error }, 'could not prune the audit log');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await prune();
    timer = setInterval(() => void prune(), retentionEveryMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
};

export default fp(adminSessionPlugin, {
  name: 'admin-session',
  fastify: '5.x',
  dependencies: ['auth'],
});
