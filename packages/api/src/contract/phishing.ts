// Phishing prevention (ours to design, in the style of section 7): simulated phishing campaigns
// that train a tenant's staff. Templates and landing pages (a built-in library plus the tenant's
// own), recipient groups imported from CSV, campaigns, and what each recipient did.
import { Type, type Static } from 'typebox';
import { DateTime, Id, Nullable, ClosedObject, PatchBody } from './common.ts';
import {
  CAMPAIGN_STATES,
  MAX_CSV_LENGTH,
  MAX_GROUP_RECIPIENTS,
  MAX_TEMPLATE_LENGTH,
  TEMPLATE_KINDS,
} from './phishing-values.ts';

/** Phishing rows have `serial` (32-bit) ids: a larger one is refused as input, never sent to SQL. */
const SERIAL_MAX = 2_147_483_647;

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });

export const PhishingTemplate = Type.Object(
  {
    id: Id,
    kind: Type.Enum(TEMPLATE_KINDS, {
      description: 'email: the message; landing: the page a click opens.',
    }),
    name: Type.String(),
    subject: Type.String({ description: 'The message subject (empty for a landing page).' }),
    content: Type.String({ description: 'HTML as text; shown only in a sandboxed preview.' }),
    builtin: Type.Boolean({ description: 'From the built-in library (read-only).' }),
    created_at: DateTime,
  },
  { $id: 'PhishingTemplate' },
);
export type PhishingTemplate = Static<typeof PhishingTemplate>;

/** `POST /services/phishing/templates`. */
export const PhishingTemplateCreate = ClosedObject('PhishingTemplateCreate', {
  kind: Type.Enum(TEMPLATE_KINDS),
  name: Name,
  subject: Type.Optional(Type.String({ maxLength: 200 })),
  content: Type.String({ minLength: 1, maxLength: MAX_TEMPLATE_LENGTH }),
});
export type PhishingTemplateCreate = Static<typeof PhishingTemplateCreate>;

/** `PATCH /services/phishing/templates/{id}`: one of the tenant's own; its kind stays. */
export const PhishingTemplateUpdate = PatchBody('PhishingTemplateUpdate', {
  name: Type.Optional(Name),
  subject: Type.Optional(Type.String({ maxLength: 200 })),
  content: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_TEMPLATE_LENGTH })),
});
export type PhishingTemplateUpdate = Static<typeof PhishingTemplateUpdate>;

export const PhishingRecipient = Type.Object(
  {
    email: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    department: Type.String(),
  },
  { $id: 'PhishingRecipient' },
);
export type PhishingRecipient = Static<typeof PhishingRecipient>;

export const PhishingGroup = Type.Object(
  {
    id: Id,
    name: Type.String(),
    recipient_count: Type.Integer({ minimum: 0 }),
    created_at: DateTime,
  },
  { $id: 'PhishingGroup' },
);
export type PhishingGroup = Static<typeof PhishingGroup>;

export const PhishingGroupDetail = Type.Object(
  { ...PhishingGroup.properties, recipients: Type.Array(PhishingRecipient) },
  { $id: 'PhishingGroupDetail' },
);
export type PhishingGroupDetail = Static<typeof PhishingGroupDetail>;

const Csv = Type.String({
  minLength: 1,
  maxLength: MAX_CSV_LENGTH,
  examples: ['email,first_name,last_name,department\nnew.hire@acme.example,New,Hire,Sales\n'],
  description:
    'The file: a header line email,first_name,last_name,department, then one row per recipient.',
});

/** `POST /services/phishing/groups/preview`: what importing this file would do. */
export const PhishingCsvBody = ClosedObject('PhishingCsvBody', { csv: Csv });
export type PhishingCsvBody = Static<typeof PhishingCsvBody>;

export const PhishingCsvPreview = Type.Object(
  {
    rows: Type.Array(
      Type.Object({
        line: Type.Integer({ description: 'The line in the file (1 is the header).' }),
        email: Type.String(),
        first_name: Type.String(),
        last_name: Type.String(),
        department: Type.String(),
        error: Nullable(Type.String({ description: 'Why the row cannot be imported.' })),
      }),
    ),
    valid: Type.Integer({ minimum: 0 }),
    invalid: Type.Integer({ minimum: 0 }),
  },
  { $id: 'PhishingCsvPreview' },
);
export type PhishingCsvPreview = Static<typeof PhishingCsvPreview>;

/** `POST /services/phishing/groups`: the valid rows are imported, the bad ones skipped. */
export const PhishingGroupCreate = ClosedObject('PhishingGroupCreate', { name: Name, csv: Csv });
export type PhishingGroupCreate = Static<typeof PhishingGroupCreate>;

export const PhishingGroupCreated = Type.Object(
  {
    group: PhishingGroup,
    skipped: Type.Integer({ minimum: 0, description: 'Rows left out because they were bad.' }),
  },
  { $id: 'PhishingGroupCreated' },
);
export type PhishingGroupCreated = Static<typeof PhishingGroupCreated>;

/**
 * `PATCH /services/phishing/groups/{id}`: a new name, and or a file whose valid rows replace the
 * recipients (campaigns already launched keep the recipients they were sent to).
 */
export const PhishingGroupUpdate = PatchBody('PhishingGroupUpdate', {
  name: Type.Optional(Name),
  csv: Type.Optional(Csv),
});
export type PhishingGroupUpdate = Static<typeof PhishingGroupUpdate>;

const Counts = Type.Object({
  recipients: Type.Integer({ minimum: 0 }),
  sent: Type.Integer({ minimum: 0 }),
  opened: Type.Integer({ minimum: 0 }),
  clicked: Type.Integer({ minimum: 0 }),
  submitted: Type.Integer({ minimum: 0 }),
  reported: Type.Integer({ minimum: 0 }),
});

export const PhishingCampaign = Type.Object(
  {
    id: Id,
    name: Type.String(),
    state: Type.Enum(CAMPAIGN_STATES),
    template: Type.Object({ id: Id, name: Type.String() }),
    landing_page: Type.Object({ id: Id, name: Type.String() }),
    group: Type.Object({ id: Id, name: Type.String() }),
    launch_at: Nullable(DateTime),
    send_by: Nullable(DateTime),
    launched_at: Nullable(DateTime),
    ended_at: Nullable(DateTime),
    created_at: DateTime,
    counts: Counts,
  },
  { $id: 'PhishingCampaign' },
);
export type PhishingCampaign = Static<typeof PhishingCampaign>;

/** `POST /services/phishing/campaigns`: a draft. */
export const PhishingCampaignCreate = Type.Object(
  {
    name: Name,
    // The examples are the built-in library's first template and landing page, and the first group.
    template_id: Type.Integer({
      minimum: 1,
      maximum: SERIAL_MAX,
      examples: [1],
      description: 'An e-mail template.',
    }),
    landing_page_id: Type.Integer({
      minimum: 1,
      maximum: SERIAL_MAX,
      examples: [4],
      description: 'A landing page.',
    }),
    group_id: Type.Integer({
      minimum: 1,
      maximum: SERIAL_MAX,
      examples: [1],
      description: 'A recipient group.',
    }),
    launch_at: Type.Optional(Nullable(DateTime)),
    send_by: Type.Optional(Nullable(DateTime)),
  },
  {
    $id: 'PhishingCampaignCreate',
    additionalProperties: false,
    description:
      'launch_at: when sending starts (now if absent); send_by: messages are spread until then.',
  },
);
export type PhishingCampaignCreate = Static<typeof PhishingCampaignCreate>;

/** `PATCH /services/phishing/campaigns/{id}`: a draft's fields, any of them. */
export const PhishingCampaignUpdate = Type.Partial(PhishingCampaignCreate, {
  $id: 'PhishingCampaignUpdate',
  additionalProperties: false,
  minProperties: 1,
});
export type PhishingCampaignUpdate = Static<typeof PhishingCampaignUpdate>;

export const PhishingCampaignParams = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: SERIAL_MAX }) },
  { $id: 'PhishingCampaignParams' },
);
export type PhishingCampaignParams = Static<typeof PhishingCampaignParams>;

/** `POST /services/phishing/campaigns/{id}/recipients`: more recipients for a running campaign. */
export const PhishingRecipientsAdd = ClosedObject('PhishingRecipientsAdd', {
  recipients: Type.Array(
    Type.Object(
      {
        email: Type.String({ minLength: 1, maxLength: 254, examples: ['new.hire@acme.example'] }),
        first_name: Type.Optional(Type.String({ maxLength: 100 })),
        last_name: Type.Optional(Type.String({ maxLength: 100 })),
        department: Type.Optional(Type.String({ maxLength: 100 })),
      },
      { additionalProperties: false },
    ),
    { minItems: 1, maxItems: MAX_GROUP_RECIPIENTS },
  ),
});
export type PhishingRecipientsAdd = Static<typeof PhishingRecipientsAdd>;

const At = Nullable(DateTime);
export const PhishingResults = Type.Object(
  {
    campaign_id: Id,
    recipients: Type.Array(
      Type.Object({
        email: Type.String(),
        first_name: Type.String(),
        last_name: Type.String(),
        department: Type.String(),
        sent_at: At,
        opened_at: At,
        clicked_at: At,
        submitted_at: At,
        reported_at: At,
      }),
    ),
    /** Every event in time order: the results timeline. */
    events: Type.Array(Type.Object({ at: DateTime, email: Type.String(), kind: Type.String() })),
  },
  { $id: 'PhishingResults' },
);
export type PhishingResults = Static<typeof PhishingResults>;

/** `GET /services/phishing/stats`: the tenant's figures across its campaigns. */
export const PhishingStats = Type.Object(
  {
    click_rate: Type.Array(
      Type.Object({
        campaign_id: Id,
        name: Type.String(),
        launched_at: DateTime,
        sent: Type.Integer({ minimum: 0 }),
        clicked: Type.Integer({ minimum: 0 }),
      }),
      { description: 'Per launched campaign, oldest first: click rate over time.' },
    ),
    sent: Type.Integer({ minimum: 0 }),
    clicked: Type.Integer({ minimum: 0 }),
    reported: Type.Integer({ minimum: 0 }),
    median_seconds_to_report: Nullable(
      Type.Number({ description: 'From sending to reporting, over every report.' }),
    ),
    repeat_offenders: Type.Array(
      Type.Object({
        email: Type.String(),
        campaigns: Type.Integer({ description: 'Campaigns in which they clicked.' }),
      }),
      { description: 'Recipients who clicked in two or more campaigns.' },
    ),
  },
  { $id: 'PhishingStats' },
);
export type PhishingStats = Static<typeof PhishingStats>;

/** `GET /services/phishing/offenders`: who clicked in at least `min_campaigns` campaigns. */
export const PhishingOffendersQuery = Type.Object(
  {
    min_campaigns: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1000, description: 'At least this many (default 2).' }),
    ),
  },
  { additionalProperties: false },
);
export type PhishingOffendersQuery = Static<typeof PhishingOffendersQuery>;

/** One person who clicked in several campaigns, with what they did in each they received. */
export const PhishingOffender = Type.Object(
  {
    email: Type.String(),
    name: Type.String({ description: 'First and last name as imported; may be empty.' }),
    department: Type.String(),
    campaigns: Type.Integer({ description: 'Campaigns in which they clicked.' }),
    history: Type.Array(
      Type.Object({
        campaign_id: Id,
        campaign_name: Type.String(),
        launched_at: Nullable(DateTime),
        opened: Type.Boolean(),
        clicked: Type.Boolean(),
        submitted: Type.Boolean(),
        reported: Type.Boolean(),
      }),
      { description: 'Every launched campaign they received, newest first.' },
    ),
  },
  { $id: 'PhishingOffender' },
);
export type PhishingOffender = Static<typeof PhishingOffender>;
