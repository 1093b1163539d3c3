export const LXD_RUNS_DIR: string;
export const LXD_RUN_SLOTS: number;
export function recordLxdOwner(dir: string, kind: 'installation' | 'project', name: string): void;
export function deleteLxdOwned(owned: {
  installations?: string[];
  projects?: string[];
  addresses?: string[];
  pool?: string;
}): Promise<number>;
export function sweepLxdRuns(options?: { log?: (line: string) => void }): Promise<void>;
export function claimLxdRun(options?: {
  log?: (line: string) => void;
}): Promise<{ slot: number; dir: string; release(): Promise<void> }>;
export function runAddresses(slot: number, offset: number, count: number): string[];
export function runSubnet(slot: number, k: number): string;
