// Phishing prevention constants that both the schemas and the portal use: plain values, without
// the schema library, so a page that shows a campaign does not download TypeBox.

export const CAMPAIGN_STATES = ['draft', 'scheduled', 'running', 'finished'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** What a recipient did, in the order it usually happens. */
export const RESULT_EVENTS = ['sent', 'opened', 'clicked', 'submitted', 'reported'] as const;
export type ResultEvent = (typeof RESULT_EVENTS)[number];

/** An e-mail template (the message) or a landing page (what a click opens). */
export const TEMPLATE_KINDS = ['email', 'landing'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** The columns of a recipient CSV file, in this order, with this header line. */
export const RECIPIENT_CSV_COLUMNS = ['email', 'first_name', 'last_name', 'department'] as const;

/** Recipients one group or one addition may hold. */
export const MAX_GROUP_RECIPIENTS = 5000;
/** The longest CSV text accepted (about 5000 rows). */
export const MAX_CSV_LENGTH = 500_000;
/** The longest template or landing page content. */
export const MAX_TEMPLATE_LENGTH = 100_000;

/** What the campaign list sorts by (`sort`, `-name` for descending): the portal's column ids. */
export const CAMPAIGN_LIST_SORTS = ['id', 'name', 'state', 'launched', 'recipients'] as const;
