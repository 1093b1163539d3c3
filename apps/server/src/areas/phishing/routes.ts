import {
  Envelope,
  ListPagingQuery,
  ListReply,
  MAX_CSV_LENGTH,
  MAX_GROUP_RECIPIENTS,
  MAX_TEMPLATE_LENGTH,
  PhishingCampaign,
  PhishingCampaignCreate,
  PhishingCampaignParams,
  PhishingCampaignUpdate,
  PhishingCsvBody,
  PhishingCsvPreview,
  PhishingGroup,
  PhishingGroupCreate,
  PhishingGroupCreated,
  PhishingGroupDetail,
  PhishingGroupUpdate,
  PhishingRecipientsAdd,
  PhishingResults,
  PhishingOffender,
  PhishingOffendersQuery,
  PhishingStats,
  PhishingTemplate,
  PhishingTemplateCreate,
  PhishingTemplateUpdate,
} from '@portal/api/contract';
import { Type } from 'typebox';
import { callerOf } from '../../plugins/access.ts';
import { audited } from '../../plugins/audit.ts';
import { textBodyLimit } from '../../plugins/input.ts';
import type { AreaRoutes } from '../../platform/area.ts';
import type { PhishingDriver } from './driver.ts';
import { errorReplies } from '../../platform/schemas.ts';
import { sendJsonText } from '../../platform/paging.ts';
import { areaTaskRoutes } from '../../platform/tasks/route.ts';
import {
  createCampaign,
  createGroup,
  createTemplate,
  editCampaign,
  editGroup,
  editTemplate,
  prepareAddRecipients,
  prepareDeleteCampaign,
  prepareEnd,
  prepareLaunch,
  previewCsv,
  readCampaign,
  readCampaignsJson,
  readGroup,
  readGroups,
  readResults,
  readOffenders,
  readStats,
  readTemplate,
  readTemplates,
  removeGroup,
  removeTemplate,
} from './service.ts';
import {
  addRecipientsTask,
  deleteCampaignTask,
  endCampaignTask,
  launchCampaignTask,
} from './tasks.ts';

const READ = { access: { area: 'phishing-prevention', level: 'read' } } as const;
const MANAGE = { access: { area: 'phishing-prevention', level: 'manage' } } as const;
const TAGS = ['phishing-prevention'];
const BASE = '/services/phishing';
const Params = PhishingCampaignParams;
const READ_ERRORS = errorReplies(400, 401, 403, 404);
const CHANGE_ERRORS = errorReplies(400, 401, 403, 404, 409);
/** One recipient at its longest in JSON: e-mail, names and department, quoted and keyed. */
const RECIPIENT_BYTES = 1024;

/** Phishing prevention: campaigns, templates and landing pages, recipient groups, figures. */
const phishingRoutes: AreaRoutes<PhishingDriver> = async (app, { drivers }) => {
  const task = areaTaskRoutes(app, { access: MANAGE.access, tags: TAGS });
  // Not tied to a site: one platform serves every tenant.
  const deps = { db: app.db, driver: drivers.primary, lists: app.listCache };

  app.get(
    `${BASE}/campaigns`,
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'Your phishing campaigns, newest first (or a page), with their counts',
        querystring: ListPagingQuery,
        response: { 200: ListReply(PhishingCampaign), ...errorReplies(400, 401, 403) },
      },
      // The reply is JSON text made by the database.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply) =>
      sendJsonText(reply, await readCampaignsJson(deps, callerOf(request), request.query)),
  );

  app.post(
    `${BASE}/campaigns`,
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Create a draft campaign',
        body: PhishingCampaignCreate,
        response: { 201: Envelope(PhishingCampaign), ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createCampaign(deps, callerOf(request), request.body) }),
  );

  app.get(
    `${BASE}/campaigns/:id`,
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'One campaign with its counts',
        params: Params,
        response: { 200: Envelope(PhishingCampaign), ...READ_ERRORS },
      },
    },
    async (request) => ({ data: await readCampaign(deps, callerOf(request), request.params.id) }),
  );

  app.get(
    `${BASE}/campaigns/:id/results`,
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: "A campaign's results: per recipient, and every event in time order",
        params: Params,
        response: { 200: Envelope(PhishingResults), ...READ_ERRORS },
      },
    },
    async (request) => ({ data: await readResults(deps, callerOf(request), request.params.id) }),
  );

  task({
    method: 'POST',
    url: `${BASE}/campaigns/:id/launch`,
    summary: 'Launch a draft campaign (at its launch time)',
    params: Params,
    definition: launchCampaignTask,
    action: 'phishing.launch',
    prepare: (tx, caller, { params }) => prepareLaunch(tx, caller, params.id),
  });

  task({
    method: 'POST',
    url: `${BASE}/campaigns/:id/end`,
    summary: 'End a scheduled or running campaign early',
    params: Params,
    definition: endCampaignTask,
    action: 'phishing.end',
    prepare: (tx, caller, { params }) => prepareEnd(tx, caller, params.id),
  });

  task({
    method: 'POST',
    url: `${BASE}/campaigns/:id/recipients`,
    summary: 'Add recipients to a running campaign',
    params: Params,
    body: PhishingRecipientsAdd,
    definition: addRecipientsTask,
    bodyLimit: MAX_GROUP_RECIPIENTS * RECIPIENT_BYTES,
    action: 'phishing.add-recipients',
    prepare: (tx, caller, { params, body }) => prepareAddRecipients(tx, caller, params.id, body),
  });

  app.patch(
    `${BASE}/campaigns/:id`,
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: "Change a draft campaign's name, template, landing page, group or times",
        params: Params,
        body: PhishingCampaignUpdate,
        response: { 200: Envelope(PhishingCampaign), ...CHANGE_ERRORS },
      },
    },
    async (request) => {
      const { id } = request.params;
      return {
        data: await audited(
          request,
          {
            action: 'phishing.edit',
            target: `phishing-campaign:${id}`,
            detail: { fields: Object.keys(request.body) },
          },
          () => editCampaign(deps, callerOf(request), id, request.body),
          undefined,
          (campaign) => campaign.name,
        ),
      };
    },
  );

  task({
    method: 'DELETE',
    url: `${BASE}/campaigns/:id`,
    summary: 'Delete a draft or scheduled campaign (a scheduled one is called off first)',
    params: Params,
    definition: deleteCampaignTask,
    action: 'phishing.delete',
    prepare: (tx, caller, { params }) => prepareDeleteCampaign(tx, caller, params.id),
  });

  app.get(
    `${BASE}/stats`,
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'Figures across your campaigns: click rate over time, reports, repeat offenders',
        response: { 200: Envelope(PhishingStats), ...errorReplies(401, 403) },
      },
    },
    async (request) => ({ data: await readStats(deps, callerOf(request)) }),
  );

  app.get(
    `${BASE}/offenders`,
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary:
          'Everyone who clicked in two or more campaigns (or min_campaigns), with what they did in each',
        querystring: PhishingOffendersQuery,
        response: {
          200: Envelope(Type.Array(PhishingOffender)),
          ...errorReplies(400, 401, 403),
        },
      },
    },
    async (request) => ({
      data: await readOffenders(deps, callerOf(request), request.query.min_campaigns),
    }),
  );

  app.get(
    `${BASE}/templates`,
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'E-mail templates and landing pages: the built-in library and your own',
        response: { 200: Envelope(Type.Array(PhishingTemplate)), ...errorReplies(401, 403) },
      },
    },
    async (request) => ({ data: await readTemplates(deps, callerOf(request)) }),
  );

  app.get(
    `${BASE}/templates/:id`,
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'One template or landing page',
        params: Params,
        response: { 200: Envelope(PhishingTemplate), ...READ_ERRORS },
      },
    },
    async (request) => ({ data: await readTemplate(deps, callerOf(request), request.params.id) }),
  );

  app.post(
    `${BASE}/templates`,
    {
      config: MANAGE,
      bodyLimit: textBodyLimit(MAX_TEMPLATE_LENGTH),
      schema: {
        tags: TAGS,
        summary: 'Add an e-mail template or landing page of your own',
        body: PhishingTemplateCreate,
        response: { 201: Envelope(PhishingTemplate), ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createTemplate(deps, callerOf(request), request.body) }),
  );

  app.patch(
    `${BASE}/templates/:id`,
    {
      config: MANAGE,
      bodyLimit: textBodyLimit(MAX_TEMPLATE_LENGTH),
      schema: {
        tags: TAGS,
        summary: 'Change one of your templates or landing pages (built-in ones stay as they are)',
        params: Params,
        body: PhishingTemplateUpdate,
        response: { 200: Envelope(PhishingTemplate), ...CHANGE_ERRORS },
      },
    },
    async (request) => {
      const { id } = request.params;
      return {
        data: await audited(
          request,
          {
            action: 'phishing.template-edit',
            target: `phishing-template:${id}`,
            detail: { fields: Object.keys(request.body) },
          },
          () => editTemplate(deps, callerOf(request), id, request.body),
          undefined,
          (template) => template.name,
        ),
      };
    },
  );

  app.delete(
    `${BASE}/templates/:id`,
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Delete one of your templates or landing pages (refused while a campaign uses it)',
        params: Params,
        response: { 204: Type.Null(), ...CHANGE_ERRORS },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await audited(
        request,
        { action: 'phishing.template-delete', target: `phishing-template:${id}` },
        () => removeTemplate(deps, callerOf(request), id),
        (template) => ({ name: template.name, kind: template.kind }),
        (template) => template.name,
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${BASE}/groups`,
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'Your recipient groups',
        response: { 200: Envelope(Type.Array(PhishingGroup)), ...errorReplies(401, 403) },
      },
    },
    async (request) => ({ data: await readGroups(deps, callerOf(request)) }),
  );

  app.get(
    `${BASE}/groups/:id`,
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'One recipient group with its recipients',
        params: Params,
        response: { 200: Envelope(PhishingGroupDetail), ...READ_ERRORS },
      },
    },
    async (request) => ({ data: await readGroup(deps, callerOf(request), request.params.id) }),
  );

  app.post(
    `${BASE}/groups/preview`,
    {
      config: MANAGE,
      bodyLimit: textBodyLimit(MAX_CSV_LENGTH),
      schema: {
        tags: TAGS,
        summary: 'Check a recipient CSV file: every row, the bad ones with the reason',
        body: PhishingCsvBody,
        response: { 200: Envelope(PhishingCsvPreview), ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => ({ data: previewCsv(request.body.csv) }),
  );

  app.post(
    `${BASE}/groups`,
    {
      config: MANAGE,
      bodyLimit: textBodyLimit(MAX_CSV_LENGTH),
      schema: {
        tags: TAGS,
        summary: 'Create a recipient group from a CSV file (bad rows are skipped)',
        body: PhishingGroupCreate,
        response: { 201: Envelope(PhishingGroupCreated), ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createGroup(deps, callerOf(request), request.body) }),
  );
  app.patch(
    `${BASE}/groups/:id`,
    {
      config: MANAGE,
      bodyLimit: textBodyLimit(MAX_CSV_LENGTH),
      schema: {
        tags: TAGS,
        summary:
          'Rename a recipient group, or replace its recipients with the valid rows of a CSV file',
        params: Params,
        body: PhishingGroupUpdate,
        response: { 200: Envelope(PhishingGroupCreated), ...CHANGE_ERRORS },
      },
    },
    async (request) => {
      const { id } = request.params;
      return {
        data: await audited(
          request,
          {
            action: 'phishing.group-edit',
            target: `phishing-group:${id}`,
            detail: { fields: Object.keys(request.body) },
          },
          () => editGroup(deps, callerOf(request), id, request.body),
          (edited) => ({ recipients: edited.group.recipient_count, skipped: edited.skipped }),
          (edited) => edited.group.name,
        ),
      };
    },
  );

  app.delete(
    `${BASE}/groups/:id`,
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Delete a recipient group with its recipients (refused while a campaign uses it)',
        params: Params,
        response: { 204: Type.Null(), ...CHANGE_ERRORS },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await audited(
        request,
        { action: 'phishing.group-delete', target: `phishing-group:${id}` },
        () => removeGroup(deps, callerOf(request), id),
        (group) => ({ name: group.name }),
        (group) => group.name,
      );
      return reply.code(204).send(null);
    },
  );
};

export default phishingRoutes;
