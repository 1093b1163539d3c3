import type { BackupTenant } from '@portal/api/contract';

/** A backup tenant for component tests. */
export const makeBackupTenant = (overrides: Partial<BackupTenant> = {}): BackupTenant => ({
  uuid: '3f2b1c2e-1111-4222-8333-444455556666',
  name: 'acme-production',
  tenant_id: 'UZZ100001',
  location: 'TYO1',
  repository: 'tyo1-repo-01 (object storage, immutable 7 days)',
  product: 'Veeam Cloud Connect',
  state: 'active',
  quota_gb: 1000,
  warning_percent: 80,
  used_gb: 420.5,
  protected_machines: 2,
  restore_points: 9,
  last_job: { result: 'success', at: '2026-11-24T02:00:00.000Z', message: '2 machines backed up.' },
  alerts: [],
  created_at: '2026-10-25T02:00:00.000Z',
  retention: { keep_last: 7, daily: 14, weekly: 4, monthly: 6, yearly: 1 },
  agent_account: 'uzz100001-bk-3f2b1c2e',
  next_job_at: '2026-11-24T08:00:00.000Z',
  machines: [
    {
      name: 'acme-app-01',
      os: 'Debian 12',
      size_gb: 120,
      last_backup_at: '2026-11-24T02:05:00.000Z',
    },
    { name: 'acme-db-02', os: 'Ubuntu 24.04 LTS', size_gb: 300, last_backup_at: null },
  ],
  ...overrides,
});
