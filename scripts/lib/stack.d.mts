import type { ChildProcess } from 'node:child_process';
import type { MailCatcher } from './mail-catcher.d.mts';

export interface AuthEmulator {
  url: string;
  host: string;
  projectId: string;
  stop(): Promise<void>;
  oobCodes(): Promise<
    Array<{ email: string; oobCode: string; oobLink: string; requestType: string }>
  >;
}

export interface Stack {
  url: string;
  emulator: AuthEmulator;
  /** The local mail catcher the server sends to; null when SMTP_URL names a relay. */
  mail: MailCatcher | null;
  server: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

export function startStack(options: {
  port?: number;
  dataDir: string;
  persistIdentity?: boolean;
  databaseUrl?: string;
  env?: Record<string, string>;
  quiet?: boolean;
  /** The catcher's HTTP port (0: any free one). */
  mailCatcherPort?: number;
}): Promise<Stack>;

export function startServer(options: {
  port?: number;
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  quiet?: boolean;
  emulator: { host: string; projectId: string };
  mail?: { smtpUrl: string } | null;
}): Promise<{ url: string; server: ChildProcess; output(): string; stop(): Promise<void> }>;
