// The simulated platform's fixed material: endpoints beside the VMs, and what detections say.
import type { DetectionFacts } from '../../driver.ts';

/** FNV-1a: a stable 32-bit hash, so the same subscription and hour raise the same detections. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    h ^= text.charCodeAt(index);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const ENDPOINT_OS = ['Windows 11 Enterprise 23H2', 'macOS 14 Sonoma', 'Windows 10 Pro 22H2'];

/**
 * The laptops and workstations of a subscription (two to four): one in three subscriptions has
 * a lost laptop that never checks in again.
 */
export function endpointsOf(subscriptionId: number) {
  const seed = hash(`endpoints:${subscriptionId}`);
  const count = 2 + (seed % 3);
  return Array.from({ length: count }, (_, index) => ({
    ref: `ep-${index + 1}`,
    hostname: `LT-${String(subscriptionId).padStart(3, '0')}-${String(index + 1).padStart(2, '0')}`,
    os: ENDPOINT_OS[(seed + index) % ENDPOINT_OS.length] ?? 'Windows 11 Enterprise 23H2',
    kind: 'endpoint' as const,
    running: !(index === 0 && seed % 3 === 0),
  }));
}

export const DETECTION_TEMPLATES: readonly Omit<
  DetectionFacts,
  'ref' | 'hostRef' | 'detectedAt'
>[] = [
  {
    severity: 'critical',
    tactic: 'Credential Access',
    technique: 'OS Credential Dumping (T1003)',
    description: 'A process read the memory of lsass.exe.',
  },
  {
    severity: 'high',
    tactic: 'Execution',
    technique: 'PowerShell (T1059.001)',
    description: 'An encoded PowerShell command was run from an Office document.',
  },
  {
    severity: 'high',
    tactic: 'Persistence',
    technique: 'Scheduled Task (T1053.005)',
    description: 'A scheduled task was created that starts a binary from a temporary folder.',
  },
  {
    severity: 'medium',
    tactic: 'Discovery',
    technique: 'Network Service Discovery (T1046)',
    description: 'A host scanned many ports on its subnet.',
  },
  {
    severity: 'medium',
    tactic: 'Defense Evasion',
    technique: 'Masquerading (T1036)',
    description: 'A binary named like a system process ran from an unusual path.',
  },
  {
    severity: 'low',
    tactic: 'Command and Control',
    technique: 'Application Layer Protocol (T1071)',
    description: 'Periodic connections to a newly registered domain.',
  },
  {
    severity: 'low',
    tactic: 'Impact',
    technique: 'Inhibit System Recovery (T1490)',
    description: 'An attempt to delete volume shadow copies was blocked.',
  },
];
