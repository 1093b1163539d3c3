import type { ChildProcess } from 'node:child_process';

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
}): Promise<Stack>;
