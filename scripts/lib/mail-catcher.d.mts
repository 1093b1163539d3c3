export interface CaughtMessage {
  /** The catcher's own id (1, 2, …), for `/api/messages/{id}`. */
  id: string;
  messageId: string;
  from: string;
  /** The envelope's recipients. */
  to: string[];
  subject: string;
  /** ISO 8601. */
  date: string;
  text: string;
  /** The HTML part, or '' when the message has none. */
  html: string;
  headers: Record<string, string>;
}

export interface MessageQuery {
  to?: string;
  /** Part of the subject. */
  subject?: string;
}

export interface MailCatcher {
  /** What to put in SMTP_URL: `smtp://127.0.0.1:<port>`. */
  smtpUrl: string;
  /** The HTTP side: `/` and `/messages/{id}` for a person, `/api/messages` for tests. */
  url: string;
  messages(query?: MessageQuery): CaughtMessage[];
  clear(): void;
  waitForMessage(query?: MessageQuery, options?: { timeoutMs?: number }): Promise<CaughtMessage>;
  stop(): Promise<void>;
}

export function startMailCatcher(options?: {
  smtpPort?: number;
  httpPort?: number;
  maxMessages?: number;
}): Promise<MailCatcher>;
