// The public tracking routes of campaign messages, under /t (a provider may serve them on a
// domain of its own, PHISHING_TRACKING_URL): the open pixel, the click (redirect to the landing
// page), the landing page and its form's submit, and the report link. No session, and no tenant,
// campaign or recipient data in any reply: an unknown or mismatched link and an ended campaign
// answer the same neutral page. What a landing form sends is never parsed, stored or logged:
// only that a submission happened.
import rateLimit from '@fastify/rate-limit';
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { badRequest, HttpError } from '../../../../errors.ts';
import {
  CAMPAIGN_OVER,
  KEY_PATTERN,
  landingPage,
  NEUTRAL_PAGE,
  REPORTED_PAGE,
  SUBMITTED_PAGE,
  TOKEN_PATTERN,
} from './message.ts';
import { tokenHash } from './sender.ts';

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The largest landing-form body read (and thrown away) before the request is refused. */
const MAX_FORM_BYTES = 64 * 1024;

export interface TrackingOptions {
  /** Where recipients' links point (its origin is the landing form's only allowed target). */
  trackingUrl: string;
  /** Requests per address per minute. */
  perMinute: number;
}

const Params = Type.Object({ key: Type.String(), token: Type.String() });

type Kind = 'opened' | 'clicked' | 'submitted' | 'reported';

/** Which columns each kind sets (a click implies an open, a submission a click). */
const SETS: Record<Kind, string[]> = {
  opened: ['opened_at'],
  clicked: ['opened_at', 'clicked_at'],
  submitted: ['opened_at', 'clicked_at', 'submitted_at'],
  reported: ['opened_at', 'reported_at'],
};

const phishingTrackingRoutes: FastifyPluginAsyncTypebox<TrackingOptions> = async (
  app,
  { trackingUrl, perMinute },
) => {
  const origin = new URL(trackingUrl).origin;
  // The landing page is the tenant's HTML: a sandbox (no scripts, an origin of its own), and
  // its forms may post only to the tracking origin.
  const landingPolicy = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    'img-src data: https:',
    `form-action ${origin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
    'sandbox allow-forms',
  ].join('; ');
  const neutralPolicy = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

  await app.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    max: perMinute,
    keyGenerator: (request) => `tracking|${request.ip}`,
    errorResponseBuilder: (_request, { after }) =>
      new HttpError(429, `Too many requests in a minute. Try again in ${after}.`),
  });

  // Landing forms: the body is drained unread, whatever its type; only its size is counted.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => {
    let size = 0;
    let finished = false;
    const finish = (error: Error | null) => {
      if (finished) return;
      finished = true;
      done(error, undefined);
    };
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_FORM_BYTES) {
        payload.pause();
        finish(new HttpError(413, 'The form sent too much.'));
      }
    });
    payload.on('end', () => finish(null));
    payload.on('error', (error) => finish(error));
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
  });

  /** The link's recipient, or why there is none. */
  async function find(params: { key: string; token: string }) {
    if (!KEY_PATTERN.test(params.key)) throw badRequest('key: is not a campaign link key', 'key');
    if (!TOKEN_PATTERN.test(params.token)) throw badRequest('token: is not a link token', 'token');
    const rows = await app.db.query<{
      campaign_id: number;
      email: string;
      landing_html: string;
      over: boolean;
    }>(
      `select r.campaign_id, r.email, c.landing_html, ${CAMPAIGN_OVER} as over
         from mail_phishing_recipient r join mail_phishing_campaign c using (campaign_id)
        where c.public_key = $1 and r.token_hash = $2`,
      [params.key, tokenHash(params.token)],
    );
    return rows[0] ?? null;
  }

  async function record(recipient: { campaign_id: number; email: string }, kind: Kind) {
    await app.db.query(
      `update mail_phishing_recipient set ${SETS[kind].map((c) => `${c} = coalesce(${c}, now())`).join(', ')}
        where campaign_id = $1 and email = $2`,
      [recipient.campaign_id, recipient.email],
    );
  }

  /** Answers the neutral page for a link that leads nowhere (any more); true when it did. */
  const neutral = (reply: FastifyReply, found: { over: boolean } | null) => {
    if (found && !found.over) return false;
    void reply
      .code(found ? 410 : 404)
      .header('content-security-policy', neutralPolicy)
      .type('text/html; charset=utf-8')
      .send(NEUTRAL_PAGE);
    return true;
  };

  const schema = { params: Params, hide: true } as const;

  app.get('/t/:key/:token/open.gif', { schema }, async (request, reply) => {
    const found = await find(request.params);
    if (found && !found.over) await record(found, 'opened');
    // The pixel answers the same whatever the link, so it tells a scanner nothing.
    return reply.type('image/gif').send(PIXEL);
  });

  app.get('/t/:key/:token', { schema }, async (request, reply) => {
    const found = await find(request.params);
    if (neutral(reply, found) || !found) return reply;
    await record(found, 'clicked');
    // Relative, so it holds wherever the provider serves /t.
    return reply.redirect(`${request.params.token}/page`, 303);
  });

  app.get('/t/:key/:token/page', { schema }, async (request, reply) => {
    const found = await find(request.params);
    if (neutral(reply, found) || !found) return reply;
    const submit = `${trackingUrl}/t/${request.params.key}/${request.params.token}/page`;
    return reply
      .header('content-security-policy', landingPolicy)
      .type('text/html; charset=utf-8')
      .send(landingPage(found.landing_html, submit));
  });

  app.post('/t/:key/:token/page', { schema }, async (request, reply) => {
    const found = await find(request.params);
    if (neutral(reply, found) || !found) return reply;
    await record(found, 'submitted');
    return reply
      .header('content-security-policy', neutralPolicy)
      .type('text/html; charset=utf-8')
      .send(SUBMITTED_PAGE);
  });

  app.get('/t/:key/:token/report', { schema }, async (request, reply) => {
    const found = await find(request.params);
    if (neutral(reply, found) || !found) return reply;
    await record(found, 'reported');
    return reply
      .header('content-security-policy', neutralPolicy)
      .type('text/html; charset=utf-8')
      .send(REPORTED_PAGE);
  });
};

export default phishingTrackingRoutes;
