// Each recipient's message and the landing page, made from the campaign's templates. Values put
// into HTML are escaped; the plain-text part is derived from the HTML.
import { randomBytes } from 'node:crypto';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A random value of `bytes` bytes as base64url: 16 bytes = 128 bits. */
export const randomToken = (bytes: number) => randomBytes(bytes).toString('base64url');

/** Link tokens are 24 random bytes (192 bits); a campaign's key 16 (128 bits). */
export const TOKEN_BYTES = 24;
export const KEY_BYTES = 16;
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
export const KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** A campaign's links keep working this long after its last message is due. */
export const TRACKING_DAYS = 7;

/** SQL: the campaign `c` no longer tracks (ended, or its tracking window is over). */
export const CAMPAIGN_OVER = `(c.ended_at is not null or now() > greatest(c.start_at,
  coalesce(c.send_by, c.start_at)) + interval '${TRACKING_DAYS} days')`;

export interface TrackedLinks {
  click: string;
  open: string;
  report: string;
}

/** The recipient's links: `{base}/t/{campaign key}/{token}` and its open pixel and report link. */
export function trackedLinks(trackingUrl: string, key: string, token: string): TrackedLinks {
  const base = `${trackingUrl}/t/${key}/${token}`;
  return { click: base, open: `${base}/open.gif`, report: `${base}/report` };
}

/** The display name of a From (`IT Service Desk <…>` → `IT Service Desk`). */
export const senderName = (from: string) =>
  /^\s*"?([^"<]*?)"?\s*</.exec(from)?.[1]?.trim() || from.replace(/[<>]/g, '').trim();

function fill(template: string, values: Record<string, string>, escape: boolean): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return escape ? escapeHtml(value) : value;
  });
}

const decodeEntities = (text: string) =>
  text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** A readable plain-text version of simple HTML: links as `text: address`, paragraphs as lines. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '')
      .replace(
        /<a\b[^>]*\bhref\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
        (_, href: string, text: string) => `${text.replace(/<[^>]+>/g, '')}: ${href}`,
      )
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n\n')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface RenderedMessage {
  subject: string;
  html: string;
  text: string;
}

/** One recipient's message: placeholders filled, the open pixel appended. */
export function renderMessage(
  campaign: { subject: string; html: string; sender: string },
  recipient: { email: string; first_name: string; last_name: string },
  links: TrackedLinks,
): RenderedMessage {
  const values = {
    first_name: recipient.first_name || recipient.email.split('@')[0] || '',
    last_name: recipient.last_name,
    email: recipient.email,
    link: links.click,
    report_link: links.report,
    sender: senderName(campaign.sender),
  };
  const body = fill(campaign.html, values, true);
  return {
    subject: fill(campaign.subject, values, false).replace(/[\r\n]+/g, ' '),
    html: `${body}\n<img src="${escapeHtml(links.open)}" width="1" height="1" alt="" style="display:block;border:0">`,
    text: htmlToText(body),
  };
}

/**
 * The landing page as served: every form posts to the submit address (a form without an action
 * would otherwise send its values in the address, which logs keep), nothing else changes.
 */
export function landingPage(landingHtml: string, submitUrl: string): string {
  const forms = landingHtml.replace(
    /<form\b[^>]*>/gi,
    `<form method="post" action="${escapeHtml(submitUrl)}">`,
  );
  return page('Sign in', forms);
}

/** A neutral page: no campaign, tenant or recipient in it. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:3rem auto;max-width:36rem;padding:0 1rem;color:#1a1a1a}label,input,button{display:block;margin:.5rem 0}input{padding:.4rem;width:100%;max-width:20rem}</style></head><body>${body}</body></html>`;
}

export const NEUTRAL_PAGE = page('Link not active', '<p>This link is not active.</p>');
export const SUBMITTED_PAGE = page(
  'Phishing simulation',
  '<h1>This was a phishing simulation</h1><p>Your organisation sent this message to help you spot phishing. Nothing you typed was kept.</p>',
);
export const REPORTED_PAGE = page(
  'Thank you',
  '<h1>Thank you for reporting</h1><p>Reporting suspicious messages is exactly the right thing to do.</p>',
);
