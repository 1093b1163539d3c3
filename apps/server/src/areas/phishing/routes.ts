import {
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
import { textBodyLimit } from '../../plugins/input.ts';
import type { AreaRoutes } from '../../platform/area.ts';
import type { PhishingDriver } from './driver.ts';
import { areaRoutes } from '../../platform/routes.ts';
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

const TAGS = ['phishing-prevention'];
const BASE = '/services/phishing';
const Params = PhishingCampaignParams;
const CHANGE_ERRORS = [400, 401, 403, 404, 409] as const;
/** One recipient at its longest in JSON: e-mail, names and department, quoted and keyed. */
const RECIPIENT_BYTES = 1024;
/** What an edit's audit entry names: the target's kind and id, and the fields it changed. */
const editEvent =
  (action: string, kind: string) =>
  ({ params, body }: { params: { id: number }; body: object }) => ({
    action,
    target: `${kind}:${params.id}`,
    detail: { fields: Object.keys(body) },
  });

/** Phishing prevention: campaigns, templates and landing pages, recipient groups, figures. */
const phishingRoutes: AreaRoutes<PhishingDriver> = async (app, { drivers }) => {
  const route = areaRoutes(app, { permission: 'phishing-prevention', tags: TAGS });
  // Not tied to a site: one platform serves every tenant.
  const deps = { db: app.db, driver: drivers.primary, lists: app.listCache };

  route.list(
    {
      url: `${BASE}/campaigns`,
      summary: 'Your phishing campaigns, newest first (or a page), with their counts',
      item: PhishingCampaign,
    },
    ({ query }, caller) => readCampaignsJson(deps, caller, query),
  );

  route.change(
    {
      method: 'POST',
      url: `${BASE}/campaigns`,
      status: 201,
      summary: 'Create a draft campaign',
      body: PhishingCampaignCreate,
      data: PhishingCampaign,
    },
    ({ body }, caller) => createCampaign(deps, caller, body),
  );

  route.read(
    {
      url: `${BASE}/campaigns/:id`,
      summary: 'One campaign with its counts',
      params: Params,
      data: PhishingCampaign,
    },
    ({ params }, caller) => readCampaign(deps, caller, params.id),
  );

  route.read(
    {
      url: `${BASE}/campaigns/:id/results`,
      summary: "A campaign's results: per recipient, and every event in time order",
      params: Params,
      data: PhishingResults,
    },
    ({ params }, caller) => readResults(deps, caller, params.id),
  );

  route.task({
    method: 'POST',
    url: `${BASE}/campaigns/:id/launch`,
    summary: 'Launch a draft campaign (at its launch time)',
    params: Params,
    definition: launchCampaignTask,
    action: 'phishing.launch',
    prepare: (tx, caller, { params }) => prepareLaunch(tx, caller, params.id),
  });

  route.task({
    method: 'POST',
    url: `${BASE}/campaigns/:id/end`,
    summary: 'End a scheduled or running campaign early',
    params: Params,
    definition: endCampaignTask,
    action: 'phishing.end',
    prepare: (tx, caller, { params }) => prepareEnd(tx, caller, params.id),
  });

  route.task({
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

  route.change(
    {
      method: 'PATCH',
      url: `${BASE}/campaigns/:id`,
      summary: "Change a draft campaign's name, template, landing page, group or times",
      params: Params,
      body: PhishingCampaignUpdate,
      data: PhishingCampaign,
      errors: CHANGE_ERRORS,
    },
    ({ params, body }, caller) => editCampaign(deps, caller, params.id, body),
    { event: editEvent('phishing.edit', 'phishing-campaign'), label: (c) => c.name },
  );

  route.task({
    method: 'DELETE',
    url: `${BASE}/campaigns/:id`,
    summary: 'Delete a draft or scheduled campaign (a scheduled one is called off first)',
    params: Params,
    definition: deleteCampaignTask,
    action: 'phishing.delete',
    prepare: (tx, caller, { params }) => prepareDeleteCampaign(tx, caller, params.id),
  });

  route.read(
    {
      url: `${BASE}/stats`,
      summary: 'Figures across your campaigns: click rate over time, reports, repeat offenders',
      data: PhishingStats,
    },
    (_input, caller) => readStats(deps, caller),
  );

  route.read(
    {
      url: `${BASE}/offenders`,
      summary:
        'Everyone who clicked in two or more campaigns (or min_campaigns), with what they did in each',
      querystring: PhishingOffendersQuery,
      data: Type.Array(PhishingOffender),
    },
    ({ query }, caller) => readOffenders(deps, caller, query.min_campaigns),
  );

  route.read(
    {
      url: `${BASE}/templates`,
      summary: 'E-mail templates and landing pages: the built-in library and your own',
      data: Type.Array(PhishingTemplate),
    },
    (_input, caller) => readTemplates(deps, caller),
  );

  route.read(
    {
      url: `${BASE}/templates/:id`,
      summary: 'One template or landing page',
      params: Params,
      data: PhishingTemplate,
    },
    ({ params }, caller) => readTemplate(deps, caller, params.id),
  );

  route.change(
    {
      method: 'POST',
      url: `${BASE}/templates`,
      status: 201,
      bodyLimit: textBodyLimit(MAX_TEMPLATE_LENGTH),
      summary: 'Add an e-mail template or landing page of your own',
      body: PhishingTemplateCreate,
      data: PhishingTemplate,
    },
    ({ body }, caller) => createTemplate(deps, caller, body),
  );

  route.change(
    {
      method: 'PATCH',
      url: `${BASE}/templates/:id`,
      bodyLimit: textBodyLimit(MAX_TEMPLATE_LENGTH),
      summary: 'Change one of your templates or landing pages (built-in ones stay as they are)',
      params: Params,
      body: PhishingTemplateUpdate,
      data: PhishingTemplate,
      errors: CHANGE_ERRORS,
    },
    ({ params, body }, caller) => editTemplate(deps, caller, params.id, body),
    {
      event: editEvent('phishing.template-edit', 'phishing-template'),
      label: (template) => template.name,
    },
  );

  route.remove(
    {
      url: `${BASE}/templates/:id`,
      summary: 'Delete one of your templates or landing pages (refused while a campaign uses it)',
      params: Params,
      errors: CHANGE_ERRORS,
    },
    ({ params }, caller) => removeTemplate(deps, caller, params.id),
    {
      event: ({ params }) => ({
        action: 'phishing.template-delete',
        target: `phishing-template:${params.id}`,
      }),
      describe: (template) => ({ name: template.name, kind: template.kind }),
      label: (template) => template.name,
    },
  );

  route.read(
    {
      url: `${BASE}/groups`,
      summary: 'Your recipient groups',
      data: Type.Array(PhishingGroup),
    },
    (_input, caller) => readGroups(deps, caller),
  );

  route.read(
    {
      url: `${BASE}/groups/:id`,
      summary: 'One recipient group with its recipients',
      params: Params,
      data: PhishingGroupDetail,
    },
    ({ params }, caller) => readGroup(deps, caller, params.id),
  );

  route.change(
    {
      method: 'POST',
      url: `${BASE}/groups/preview`,
      bodyLimit: textBodyLimit(MAX_CSV_LENGTH),
      summary: 'Check a recipient CSV file: every row, the bad ones with the reason',
      body: PhishingCsvBody,
      data: PhishingCsvPreview,
    },
    ({ body }) => previewCsv(body.csv),
  );

  route.change(
    {
      method: 'POST',
      url: `${BASE}/groups`,
      status: 201,
      bodyLimit: textBodyLimit(MAX_CSV_LENGTH),
      summary: 'Create a recipient group from a CSV file (bad rows are skipped)',
      body: PhishingGroupCreate,
      data: PhishingGroupCreated,
    },
    ({ body }, caller) => createGroup(deps, caller, body),
  );

  route.change(
    {
      method: 'PATCH',
      url: `${BASE}/groups/:id`,
      bodyLimit: textBodyLimit(MAX_CSV_LENGTH),
      summary:
        'Rename a recipient group, or replace its recipients with the valid rows of a CSV file',
      params: Params,
      body: PhishingGroupUpdate,
      data: PhishingGroupCreated,
      errors: CHANGE_ERRORS,
    },
    ({ params, body }, caller) => editGroup(deps, caller, params.id, body),
    {
      event: editEvent('phishing.group-edit', 'phishing-group'),
      describe: (edited) => ({
        recipients: edited.group.recipient_count,
        skipped: edited.skipped,
      }),
      label: (edited) => edited.group.name,
    },
  );

  route.remove(
    {
      url: `${BASE}/groups/:id`,
      summary: 'Delete a recipient group with its recipients (refused while a campaign uses it)',
      params: Params,
      errors: CHANGE_ERRORS,
    },
    ({ params }, caller) => removeGroup(deps, caller, params.id),
    {
      event: ({ params }) => ({
        action: 'phishing.group-delete',
        target: `phishing-group:${params.id}`,
      }),
      describe: (group) => ({ name: group.name }),
      label: (group) => group.name,
    },
  );
};

export default phishingRoutes;
