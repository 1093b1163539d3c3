// Sends real monitoring alerts (those of really-run checks), on every server instance that runs
// background work: e-mail through the one Mailer (SMTP_URL's relay, the local catcher under
// `npm start`), and webhooks by POST with a JSON body signed with HMAC-SHA256. A delivery is
// claimed for a while (`for update skip locked`, then `claimed_until`) so that no two instances
// send it; a refused relay, a webhook's 5xx, a time-out or a lost connection is retried with
// backoff (retryMs, twice that, …) up to MAX_ATTEMPTS, and every attempt is recorded with its
// outcome for the alert log. A webhook to a private address is refused as a probe would be.
import { createHmac } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Agent, request } from 'undici';
import type { Database } from '../../db/database.ts';
import { PollingWorker } from '../../platform/poller.ts';
import { MailError, NO_RELAY, type Mailer } from '../../platform/mail.ts';
import {
  backstopTimeouts,
  guardedLookup,
  hostRefusal,
  RefusedTarget,
} from './drivers/real/guard.ts';
import type { AlertPayload } from './repository.ts';

export const MAX_ATTEMPTS = 5;
/** A duration in seconds as the deliveries table reads it: `10 s`, `0.5 s`. */
const formatSeconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;
const BATCH = 20;
const CLAIM_SECONDS = 60;
/** The header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = 'x-portal-signature';

/** The signature header's value for a body sent at `time` (seconds). */
export function signature(secret: string, time: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${time}.${body}`).digest('hex');
  return `t=${time},v1=${digest}`;
}

interface Due {
  id: number;
  kind: 'email' | 'webhook';
  address: string;
  event: 'down' | 'up';
  payload: AlertPayload;
  attempts: number;
  secret: string | null;
}

interface Outcome {
  ok: boolean;
  outcome: string;
  /** Worth another attempt (a 5xx, a time-out, a lost connection, a relay's refusal). */
  retry: boolean;
}

export interface AlertSenderOptions {
  pollMs: number;
  retryMs: number;
  allowPrivate: boolean;
  /** A webhook answers within this long, or the attempt counts as timed out (and is retried). */
  webhookTimeoutMs: number;
}

export class AlertSender extends PollingWorker {
  private readonly dispatcher: Agent;

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly options: AlertSenderOptions,
  ) {
    super(log, { pollMs: options.pollMs, failure: 'alerts: sending failed' });
    this.dispatcher = new Agent({ connect: { lookup: guardedLookup(options.allowPrivate) } });
  }

  protected round() {
    return this.sendDue();
  }

  override async stop(): Promise<void> {
    await super.stop();
    await this.dispatcher.close();
  }

  /** Sends what is due now; answers how many deliveries were attempted. */
  async sendDue(): Promise<number> {
    let attempted = 0;
    for (;;) {
      if (this.loop.stopped) return attempted;
      const due = await this.claim();
      await Promise.all(due.map((delivery) => this.attempt(delivery)));
      attempted += due.length;
      if (due.length < BATCH) return attempted;
    }
  }

  private claim(): Promise<Due[]> {
    const now = new Date();
    return this.db.query<Due>(
      `update monitor_alert_deliveries d
          set claimed_until = $1::timestamptz + interval '${CLAIM_SECONDS} seconds'
         from (select id from monitor_alert_deliveries
                where status = 'pending' and next_attempt_at <= $1
                  and (claimed_until is null or claimed_until < $1)
                order by next_attempt_at limit ${BATCH}
                for update skip locked) due
        where d.id = due.id
        returning d.id, d.kind, d.address, d.event, d.payload,
                  jsonb_array_length(d.attempts) as attempts,
                  (select secret from monitor_webhook_secrets s where s.monitor_id = d.monitor_id)
                    as secret`,
      [now],
    );
  }

  private async attempt(delivery: Due): Promise<void> {
    const at = new Date();
    const result =
      delivery.kind === 'email' ? await this.email(delivery) : await this.webhook(delivery);
    const attempt = delivery.attempts + 1;
    const retry = !result.ok && result.retry && attempt < MAX_ATTEMPTS;
    const status = result.ok ? 'sent' : retry ? 'pending' : 'failed';
    const next = retry ? new Date(Date.now() + this.options.retryMs * 2 ** (attempt - 1)) : null;
    if (!result.ok)
      this.log.warn(
        { delivery: delivery.id, attempt, final: !retry },
        `alerts: ${delivery.kind} to ${delivery.address}: ${result.outcome}`,
      );
    await this.db.query(
      `update monitor_alert_deliveries
          set attempts = attempts || $2::jsonb, status = $3, next_attempt_at = $4,
              claimed_until = null
        where id = $1`,
      [
        delivery.id,
        JSON.stringify([{ at: at.toISOString(), ok: result.ok, outcome: result.outcome }]),
        status,
        next,
      ],
    );
  }

  private async email(delivery: Due): Promise<Outcome> {
    try {
      const sent = await this.mailer.send(
        { to: delivery.address, subject: delivery.payload.subject, text: delivery.payload.text },
        this.loop.signal,
      );
      return { ok: true, outcome: `Handed to the mail relay (${sent.messageId})`, retry: false };
    } catch (error) {
      const sentence = error instanceof Error ? error.message : String(error);
      // Without a relay there is nothing to retry.
      return {
        ok: false,
        outcome: sentence,
        retry: !(error instanceof MailError && sentence === NO_RELAY),
      };
    }
  }

  private async webhook(delivery: Due): Promise<Outcome> {
    let url: URL;
    try {
      url = new URL(delivery.address);
    } catch {
      return { ok: false, outcome: `${delivery.address} is not a URL`, retry: false };
    }
    const refusal = hostRefusal(url.hostname, this.options.allowPrivate);
    if (refusal) return { ok: false, outcome: `Refused: ${refusal}`, retry: false };
    if (!delivery.secret)
      return { ok: false, outcome: 'The monitor has no webhook signing secret', retry: false };
    const body = JSON.stringify(delivery.payload.body);
    const timeoutMs = this.options.webhookTimeoutMs;
    const signal = AbortSignal.any([this.loop.signal, AbortSignal.timeout(timeoutMs)]);
    try {
      const response = await request(url, {
        method: 'POST',
        dispatcher: this.dispatcher,
        signal,
        ...backstopTimeouts(timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'SkyportMonitor/1.0 (+portal monitoring)',
          [SIGNATURE_HEADER]: signature(delivery.secret, Math.floor(Date.now() / 1000), body),
          'x-portal-event': delivery.event,
          'x-portal-delivery': String(delivery.id),
        },
        body,
      });
      await response.body.dump();
      const status = response.statusCode;
      const line = `HTTP ${status} ${STATUS_CODES[status] ?? ''}`.trim();
      if (status >= 200 && status < 300)
        return { ok: true, outcome: `Delivered: ${line}`, retry: false };
      return { ok: false, outcome: line, retry: status >= 500 || status === 429 };
    } catch (error) {
      if (this.loop.signal.aborted)
        return { ok: false, outcome: 'Stopped because the server is stopping', retry: true };
      const code = (error as { code?: unknown }).code;
      // The time-out fires as the signal (undici's own timers are only a backstop behind it).
      if (signal.aborted || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
        return {
          ok: false,
          outcome: `Timed out after ${formatSeconds(timeoutMs)}`,
          retry: true,
        };
      const refused = error instanceof RefusedTarget ? error : (error as { cause?: unknown }).cause;
      if (refused instanceof RefusedTarget)
        return { ok: false, outcome: `Refused: ${refused.message}`, retry: false };
      const text = error instanceof Error ? error.message : String(error);
      return {
        ok: false,
        outcome:
          code === 'ECONNREFUSED'
            ? `Connection to ${url.host} refused`
            : `Could not be delivered: ${text}`,
        retry: true,
      };
    }
  }
}
