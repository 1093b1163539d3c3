import type { AuthEmulator } from './stack.mjs';

export const PROJECT_ID: string;
export function startAuthEmulator(options: {
  port?: number;
  workDir: string;
  persistDir?: string;
  quiet?: boolean;
}): Promise<AuthEmulator>;
