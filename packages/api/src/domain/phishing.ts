// Phishing prevention rules shared by the server and the portal: reading a recipient CSV file row
// by row (each bad row with the reason), and what a campaign's state allows. Plain functions.
import {
  MAX_GROUP_RECIPIENTS,
  RECIPIENT_CSV_COLUMNS,
  type CampaignState,
} from '../contract/phishing-values.ts';

/** One row of a recipient CSV file as read, with why it cannot be imported (or null). */
export interface RecipientCsvRow {
  /** The line in the file (1 is the header). */
  line: number;
  email: string;
  first_name: string;
  last_name: string;
  department: string;
  error: string | null;
}

// Deliberately plain: one @, no spaces, a dot in the domain; what mail servers accept varies more.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why an e-mail address cannot be a recipient, or null. */
export function recipientEmailRefusal(email: string): string | null {
  if (!email) return 'The e-mail address is missing.';
  if (email.length > 254) return 'The e-mail address is longer than 254 characters.';
  if (!EMAIL.test(email)) return `${email} is not an e-mail address.`;
  return null;
}

/** Splits CSV text into records of fields (RFC 4180: quotes, doubled quotes, CRLF or LF). */
export function splitCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** The result of reading a recipient file: every data row, and a sentence if the file as a whole is unusable. */
export interface RecipientCsv {
  rows: RecipientCsvRow[];
  /** Why the file cannot be read at all (no header, wrong columns), or null. */
  error: string | null;
}

const HEADER = RECIPIENT_CSV_COLUMNS.join(',');

/**
 * Reads a recipient CSV file: a header line `email,first_name,last_name,department` (the last
 * three may be left out), then one recipient per line. Blank lines are skipped; a row with a bad
 * or repeated address, or too many fields, carries its reason.
 */
export function parseRecipientCsv(text: string): RecipientCsv {
  const records = splitCsv(text.replace(/^\uFEFF/, ''));
  const header = records[0]?.map((name) => name.trim().toLowerCase());
  if (!header || header.length === 0 || header[0] !== 'email')
    return { rows: [], error: `The first line must be the header ${HEADER}.` };
  const unknown = header.filter((name, index) => RECIPIENT_CSV_COLUMNS[index] !== name);
  if (unknown.length > 0 || header.length > RECIPIENT_CSV_COLUMNS.length)
    return { rows: [], error: `The first line must be the header ${HEADER}.` };
  const seen = new Set<string>();
  const rows: RecipientCsvRow[] = [];
  records.slice(1).forEach((fields, index) => {
    const line = index + 2;
    if (fields.every((value) => value.trim() === '')) return;
    const [email = '', first = '', last = '', department = ''] = fields.map((v) => v.trim());
    const lower = email.toLowerCase();
    let error = recipientEmailRefusal(lower);
    if (!error && fields.length > header.length)
      error = `The row has ${fields.length} fields; the header has ${header.length}.`;
    if (!error && seen.has(lower)) error = `${lower} is already listed above.`;
    if (!error && (first.length > 100 || last.length > 100 || department.length > 100))
      error = 'Names and departments are at most 100 characters.';
    if (!error) seen.add(lower);
    rows.push({ line, email: lower, first_name: first, last_name: last, department, error });
  });
  if (rows.length > MAX_GROUP_RECIPIENTS)
    return { rows: [], error: `A group holds at most ${MAX_GROUP_RECIPIENTS} recipients.` };
  return { rows, error: null };
}

/** A refusal that depends on the campaign's state only: none in the `allowed` states. */
const refusedOutside =
  (allowed: readonly CampaignState[], sentence: string) =>
  (state: CampaignState): string | null =>
    allowed.includes(state) ? null : sentence;

/** Why a campaign in this state cannot be launched, or null. */
export const launchRefusal = refusedOutside(['draft'], 'Only a draft campaign can be launched.');

/** Why a campaign in this state cannot be ended, or null. */
export const endRefusal = refusedOutside(
  ['scheduled', 'running'],
  'Only a scheduled or running campaign can be ended.',
);

/** Why recipients cannot be added to a campaign in this state, or null. */
export const addRecipientsRefusal = refusedOutside(
  ['running'],
  'Recipients can be added to a running campaign only.',
);

/** Why a campaign in this state cannot be edited, or null: only a draft is still open. */
export const campaignEditRefusal = refusedOutside(
  ['draft'],
  'Only a draft campaign can be edited.',
);

/**
 * Why a campaign in this state cannot be deleted, or null: a draft or a scheduled one (whose
 * sending is then called off). A running or finished campaign keeps its results.
 */
export const campaignDeleteRefusal = refusedOutside(
  ['draft', 'scheduled'],
  'Only a draft or scheduled campaign can be deleted; a running or finished one keeps its results.',
);

/** Names as a sentence's list: "A", "A and B", "A, B and 2 more". */
function nameList(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  if (names.length === 2) return `${names[0]} and ${names[1]}`;
  if (names.length === 3) return `${names[0]}, ${names[1]} and ${names[2]}`;
  return `${names[0]}, ${names[1]} and ${names.length - 2} more`;
}

/**
 * Why a template, landing page or recipient group cannot be deleted while campaigns use it, or
 * null. `what` names it ("The template Parcel held").
 */
export function usedByCampaignsRefusal(what: string, campaigns: readonly string[]): string | null {
  if (campaigns.length === 0) return null;
  const which = campaigns.length === 1 ? 'the campaign' : `${campaigns.length} campaigns:`;
  return `${what} is used by ${which} ${nameList(campaigns)}; delete ${campaigns.length === 1 ? 'that campaign' : 'those campaigns'} first.`;
}

/** Why a built-in template or landing page cannot be changed. */
export const BUILTIN_TEMPLATE_REFUSAL =
  'Built-in templates and landing pages cannot be changed; add one of your own instead.';

/** A share as a whole percentage ("42 %"), or "–" when nothing was sent. */
export const percentText = (part: number, whole: number): string =>
  whole === 0 ? '–' : `${Math.round((part / whole) * 100)} %`;
