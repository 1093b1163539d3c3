// The one mail path: every message the portal sends (invitations, monitoring alerts, phishing
// campaigns) goes through a Mailer over nodemailer's SMTP transport, to the relay SMTP_URL names.
// Without SMTP_URL nothing is sent anywhere: the Mailer refuses with a sentence. `npm start` sets
// SMTP_URL to its local catcher on loopback, so nothing leaves the machine unless configured.
import { createTransport } from 'nodemailer';

export interface MailMessage {
  to: string;
  /** Defaults to the configured MAIL_FROM. */
  from?: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Hands the message to the relay; rejects with a MailError sentence when it cannot. */
  send(message: MailMessage, signal?: AbortSignal): Promise<{ messageId: string }>;
  /** Where mail goes, for logs and start-up lines (never the relay's password). */
  readonly describe: string;
  /** Closes the relay's pooled connections. */
  close(): Promise<void>;
}

/** Mail could not be handed over. The message is a sentence for a person; `detail` is the relay's. */
export class MailError extends Error {
  override name = 'MailError';
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

export const NO_RELAY = 'No mail relay is configured: set SMTP_URL.';

/** The relay's address without its credentials: `smtp://relay.example.com:587`. */
export function relayAddress(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const port = url.port || (url.protocol === 'smtps:' ? '465' : '587');
  return `${url.protocol}//${url.hostname}:${port}`;
}

const refusing = (): Mailer => ({
  describe: 'no mail relay (SMTP_URL is unset)',
  send: async () => {
    throw new MailError(NO_RELAY);
  },
  close: async () => undefined,
});

const aborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    const stop = () => reject(new MailError('Sending was stopped because the server is stopping.'));
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });

/** The relay's own words (a 5xx reply, a refused connection) stay in `detail`, for the log. */
function mailError(error: unknown, where: string): MailError {
  if (error instanceof MailError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const response = (error as { responseCode?: unknown } | null)?.responseCode;
  if (typeof response === 'number')
    return new MailError(`The mail relay at ${where} refused the message.`, detail);
  if (code === 'ETIMEDOUT')
    return new MailError(`The mail relay at ${where} did not answer in time.`, detail);
  return new MailError(`The mail relay at ${where} could not be reached.`, detail);
}

/** A Mailer for `mail.smtpUrl`, or one that refuses with NO_RELAY when there is none. */
export function createMailer(config: { mail: { smtpUrl: string | null; from: string } }): Mailer {
  const { smtpUrl, from } = config.mail;
  if (!smtpUrl) return refusing();
  const where = relayAddress(smtpUrl);
  // A small pool: a campaign sends many messages, and one connection each would be slow.
  const transport = createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    describe: `SMTP relay ${where}`,
    async send(message, signal) {
      if (signal?.aborted)
        throw new MailError('Sending was stopped because the server is stopping.');
      const sending = transport
        .sendMail({
          from: message.from ?? from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
          ...(message.headers ? { headers: message.headers } : {}),
        })
        .then((info) => ({ messageId: String(info.messageId) }))
        .catch((error: unknown) => {
          throw mailError(error, where);
        });
      return signal ? Promise.race([sending, aborted(signal)]) : sending;
    },
    async close() {
      transport.close();
    },
  };
}
