// Sends the campaign messages that are due, on every server instance at once: a message is
// claimed for a while (`for update skip locked`, then `claimed_until`) so no two instances send
// it, and handed to the relay outside any transaction. A crash after sending and before recording
// sends that message again later (at least once), with a new token.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../../db/database.ts';
import { PollingWorker } from '../../../../platform/poller.ts';
import { MailError, type Mailer } from '../../../../platform/mail.ts';
import { renderMessage, randomToken, TOKEN_BYTES, trackedLinks } from './message.ts';

const BATCH = 20;
const CLAIM_SECONDS = 120;
const MAX_ATTEMPTS = 5;

interface Due {
  campaign_id: number;
  email: string;
  first_name: string;
  last_name: string;
  attempts: number;
  public_key: string;
  sender: string;
  subject: string;
  html: string;
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest();

export class PhishingMailSender extends PollingWorker {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly options: { trackingUrl: string; pollMs: number },
  ) {
    super(log, { pollMs: options.pollMs, failure: 'phishing mail: sending failed' });
  }

  protected round() {
    return this.sendDue();
  }

  /** Sends what is due now, batch after batch; answers how many went. */
  async sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      if (this.loop.stopped) return sent;
      const due = await this.claim();
      for (const message of due) {
        if (await this.send(message)) sent += 1;
      }
      if (due.length < BATCH) return sent;
    }
  }

  private claim(): Promise<Due[]> {
    return this.db.query<Due>(
      `update mail_phishing_recipient r
          set claimed_until = now() + interval '${CLAIM_SECONDS} seconds',
              attempts = r.attempts + 1
         from (select d.campaign_id, d.email from mail_phishing_recipient d
                 join mail_phishing_campaign dc on dc.campaign_id = d.campaign_id
                where d.sent_at is null and d.failed_at is null and d.send_at <= now()
                  and (d.claimed_until is null or d.claimed_until < now())
                  and dc.ended_at is null
                order by d.send_at limit ${BATCH}
                for update of d skip locked) due,
              mail_phishing_campaign c
        where r.campaign_id = due.campaign_id and r.email = due.email
          and c.campaign_id = r.campaign_id
        returning r.campaign_id, r.email, r.first_name, r.last_name, r.attempts,
                  c.public_key, c.sender, c.subject, c.html`,
    );
  }

  private async send(due: Due): Promise<boolean> {
    const token = randomToken(TOKEN_BYTES);
    const links = trackedLinks(this.options.trackingUrl, due.public_key, token);
    const message = renderMessage(due, due, links);
    try {
      await this.mailer.send(
        {
          to: due.email,
          from: due.sender,
          subject: message.subject,
          text: message.text,
          html: message.html,
        },
        this.loop.signal,
      );
    } catch (error) {
      const sentence = error instanceof Error ? error.message : String(error);
      const detail = error instanceof MailError ? error.detail : undefined;
      const final = due.attempts >= MAX_ATTEMPTS;
      this.log.warn(
        { campaignId: due.campaign_id, attempt: due.attempts, final, detail },
        `phishing mail: ${sentence}`,
      );
      await this.db.query(
        `update mail_phishing_recipient
            set claimed_until = null, last_error = $3,
                failed_at = case when $4 then now() end,
                send_at = now() + make_interval(secs => 30 * attempts)
          where campaign_id = $1 and email = $2`,
        [due.campaign_id, due.email, sentence, final],
      );
      return false;
    }
    await this.db.query(
      `update mail_phishing_recipient
          set sent_at = now(), token_hash = $3, claimed_until = null, last_error = null
        where campaign_id = $1 and email = $2`,
      [due.campaign_id, due.email, tokenHash(token)],
    );
    return true;
  }
}
