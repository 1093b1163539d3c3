import { describe, expect, it } from 'vitest';
import { backupConcerns, quotaAlertRefusal, quotaWarning } from './backup.ts';
import { formatSizeGb, formatSizeMb } from './size.ts';

describe('one size system', () => {
  it('writes sizes in binary steps named GB and TB, at most one decimal', () => {
    expect(formatSizeMb(512)).toBe('512 MB');
    expect(formatSizeMb(4096)).toBe('4 GB');
    expect(formatSizeGb(60)).toBe('60 GB');
    expect(formatSizeGb(2048)).toBe('2 TB');
    expect(formatSizeGb(0)).toBe('0 GB');
  });

  it('writes a quota of 2000 GB as the chart does, "2 TB", in every sentence', () => {
    expect(formatSizeGb(2000)).toBe('2 TB');
    expect(quotaWarning(2100, 2000, 80)).toBe(
      'Over the hard quota: 2.1 TB of 2 TB used. The next job will fail.',
    );
    expect(quotaAlertRefusal({ kind: 'gb', value: 2500 }, 2000)).toBe(
      'An alert at 2.4 TB is above the quota of 2 TB.',
    );
  });
});

describe('backupConcerns', () => {
  const base = {
    used_gb: 100,
    quota_gb: 1000,
    warning_percent: 80,
    last_job: { result: 'success' as const, message: '2 machines backed up.' },
    alerts: [],
  };

  it('is empty while all is well', () => {
    expect(backupConcerns(base)).toEqual([]);
  });

  it('names the quota, a failed last job and the alerts reached', () => {
    expect(
      backupConcerns({
        ...base,
        used_gb: 1010,
        last_job: { result: 'failed', message: 'No space left.' },
        alerts: [
          { kind: 'percent', value: 70, triggered_at: '2026-11-23T02:00:00.000Z' },
          { kind: 'gb', value: 900, triggered_at: null },
        ],
      }),
    ).toEqual([
      'Over the hard quota: 1010 GB of 1000 GB used. The next job will fail.',
      'The last job failed: No space left.',
      'Alert reached: 70 % of the quota used.',
    ]);
  });
});
