import {
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
import { areaRoutes } from '../../platform/routes.ts';
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
const tags = ['license'];

/** How the log names a licence: its product and the provider's reference. */
const licenceLabel = (licence: { product_name: string; reference: string }) =>
  `${licence.product_name} (${licence.reference})`;

/** Licences: the tenant's subscriptions, their seats in use, renewal and pinned seats. */
/** Seats in use are counted by every area's seat counters (the platform hands them in). */
const licenseRoutes: AreaRoutes<never> = async (app, { platform }) => {
  const deps: LicenseDeps = { db: app.db, counters: platform.seats };
  const route = areaRoutes(app, { permission: 'license', tags });

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

  route.read(
    {
      url: '/services/license/summary',
      summary: 'Seats used and contracted per product, and what expires within 30 days',
      data: LicenseSummary,
    },
    (_input, caller) => licenseSummary(deps, caller),
  );

  route.read(
    {
      url: '/services/license/:id',
      summary: 'One licence subscription',
      params: LicenseParams,
      data: LicenseSubscription,
    },
    ({ params }, caller) => getLicense(deps, caller, params.id),
  );

  route.change(
    {
      method: 'PATCH',
      url: '/services/license/:id',
      summary: 'Turns automatic renewal on or off',
      params: LicenseParams,
      body: LicenseUpdate,
      data: LicenseSubscription,
      errors: [400, 401, 403, 404, 409],
    },
    ({ params, body }, caller) => updateLicense(deps, caller, params.id, body.auto_renew),
    {
      event: ({ params, body }) => ({
        action: 'license.renewal',
        target: `license:${params.id}`,
        detail: { auto_renew: body.auto_renew },
      }),
      label: licenceLabel,
    },
  );

  route.change(
    {
      method: 'POST',
      url: '/services/license/:id/assignments',
      summary: 'Pins a seat of the subscription to one of your machines',
      params: LicenseParams,
      body: LicenseAssign,
      data: LicenseSubscription,
      errors: [400, 401, 403, 404, 409],
    },
    ({ params, body }, caller) => assignLicense(deps, caller, params.id, body),
    {
      event: ({ params, body }) => ({
        action: 'license.assign',
        target: `license:${params.id}`,
        detail: { kind: body.kind, holder_id: body.holder_id },
      }),
      label: licenceLabel,
    },
  );

  route.change(
    {
      method: 'DELETE',
      url: '/services/license/:id/assignments/:kind/:holderId',
      summary: 'Releases a pinned seat (the machine then takes a free seat by itself)',
      params: LicenseAssignmentParams,
      data: LicenseSubscription,
    },
    ({ params }, caller) =>
      unassignLicense(deps, caller, params.id, { kind: params.kind, id: params.holderId }),
    {
      event: ({ params }) => ({
        action: 'license.unassign',
        target: `license:${params.id}`,
        detail: { kind: params.kind, holder_id: params.holderId },
      }),
      label: licenceLabel,
    },
  );
};

export default licenseRoutes;
