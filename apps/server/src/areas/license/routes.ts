import {
  Envelope,
  LicenseAssign,
  LicenseAssignmentParams,
  LicenseParams,
  LicenseSubscription,
  LicenseSummary,
  LicenseUpdate,
  ListPagingQuery,
  ListReply,
} from '@portal/api/contract';
import { callerOf } from '../../plugins/access.ts';
import { audited } from '../../plugins/audit.ts';
import type { AreaRoutes } from '../../platform/area.ts';
import { errorReplies } from '../../platform/schemas.ts';
import {
  assignLicense,
  getLicense,
  licenseSummary,
  listLicenses,
  unassignLicense,
  updateLicense,
  type LicenseDeps,
} from './service.ts';

const read = { access: { area: 'license', level: 'read' } } as const;
const manage = { access: { area: 'license', level: 'manage' } } as const;
const tags = ['license'];

/** How the log names a licence: its product and the provider's reference. */
const licenceLabel = (licence: { product_name: string; reference: string }) =>
  `${licence.product_name} (${licence.reference})`;

/** Licences: the tenant's subscriptions, their seats in use, renewal and pinned seats. */
/** Seats in use are counted by every area's seat counters (the platform hands them in). */
const licenseRoutes: AreaRoutes<never> = async (app, { platform }) => {
  const deps: LicenseDeps = { db: app.db, counters: platform.seats };

  app.get(
    '/services/license',
    {
      config: read,
      schema: {
        tags,
        summary: 'Your licence subscriptions (or a page), with the seats in use and who holds them',
        querystring: ListPagingQuery,
        response: { 200: ListReply(LicenseSubscription), ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => listLicenses(deps, callerOf(request), request.query),
  );

  app.get(
    '/services/license/summary',
    {
      config: read,
      schema: {
        tags,
        summary: 'Seats used and contracted per product, and what expires within 30 days',
        response: { 200: Envelope(LicenseSummary), ...errorReplies(401, 403) },
      },
    },
    async (request) => ({ data: await licenseSummary(deps, callerOf(request)) }),
  );

  app.get(
    '/services/license/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'One licence subscription',
        params: LicenseParams,
        response: { 200: Envelope(LicenseSubscription), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await getLicense(deps, callerOf(request), request.params.id) }),
  );

  app.patch(
    '/services/license/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Turns automatic renewal on or off',
        params: LicenseParams,
        body: LicenseUpdate,
        response: {
          200: Envelope(LicenseSubscription),
          ...errorReplies(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { auto_renew } = request.body;
      const data = await audited(
        request,
        { action: 'license.renewal', target: `license:${id}`, detail: { auto_renew } },
        () => updateLicense(deps, callerOf(request), id, auto_renew),
        undefined,
        licenceLabel,
      );
      return { data };
    },
  );

  app.post(
    '/services/license/:id/assignments',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Pins a seat of the subscription to one of your machines',
        params: LicenseParams,
        body: LicenseAssign,
        response: {
          200: Envelope(LicenseSubscription),
          ...errorReplies(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const data = await audited(
        request,
        {
          action: 'license.assign',
          target: `license:${id}`,
          detail: { kind: request.body.kind, holder_id: request.body.holder_id },
        },
        () => assignLicense(deps, callerOf(request), id, request.body),
        undefined,
        licenceLabel,
      );
      return { data };
    },
  );

  app.delete(
    '/services/license/:id/assignments/:kind/:holderId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Releases a pinned seat (the machine then takes a free seat by itself)',
        params: LicenseAssignmentParams,
        response: {
          200: Envelope(LicenseSubscription),
          ...errorReplies(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { id, kind, holderId } = request.params;
      const data = await audited(
        request,
        {
          action: 'license.unassign',
          target: `license:${id}`,
          detail: { kind, holder_id: holderId },
        },
        () => unassignLicense(deps, callerOf(request), id, { kind, id: holderId }),
        undefined,
        licenceLabel,
      );
      return { data };
    },
  );
};

export default licenseRoutes;
