import { sql as initial } from './001_initial.ts';
import { sql as compute } from './002_compute.ts';
import { sql as areas } from './003_areas.ts';
import { sql as listVersions } from './004_list_versions.ts';
import { sql as backup } from './005_backup.ts';
import { sql as storage } from './006_storage.ts';
import { sql as networking } from './007_networking.ts';
import { sql as monitoring } from './008_monitoring.ts';
import { sql as license } from './009_license.ts';
import { sql as crowdstrike } from './010_crowdstrike.ts';
import { sql as phishing } from './011_phishing.ts';
import { sql as admin } from './012_admin.ts';
import { sql as accountSecurity } from './013_account_security.ts';
import { sql as lxd } from './014_lxd.ts';
import { sql as monitorCheckedSpans } from './020_monitor_checked_spans.ts';
import { sql as rateLimits } from './016_rate_limits.ts';
import { sql as phishingMail } from './018_phishing_mail.ts';
import { sql as vmPlatformMessage } from './021_vm_platform_message.ts';
import { sql as monitoringProber } from './022_monitoring_prober.ts';
import { sql as auditTargetLabel } from './024_audit_target_label.ts';
import { sql as monitorAlertSending } from './025_monitor_alert_sending.ts';
import { sql as installation } from './026_installation.ts';
import { sql as edrDetectionResolution } from './029_edr_detection_resolution.ts';
import { sql as lxdNetworking } from './027_lxd_networking.ts';
import { sql as phishingListVersions } from './030_phishing_list_versions.ts';
import { sql as volumePlatformMessage } from './031_volume_platform_message.ts';
import { sql as edrCheckIns } from './032_edr_check_ins.ts';
import { sql as lxdNamePrefix } from './033_lxd_name_prefix.ts';

export interface Migration {
  /** Recorded in schema_migrations; never rename one that has shipped. */
  id: string;
  sql: string;
}

/**
 * Every migration in order. TypeScript modules rather than .sql files, so that the server bundle
 * carries them. Append only: a shipped migration is never edited.
 */
export const MIGRATIONS: readonly Migration[] = [
  { id: '001_initial', sql: initial },
  { id: '002_compute', sql: compute },
  { id: '003_areas', sql: areas },
  { id: '004_list_versions', sql: listVersions },
  { id: '005_backup', sql: backup },
  { id: '006_storage', sql: storage },
  { id: '007_networking', sql: networking },
  { id: '008_monitoring', sql: monitoring },
  { id: '009_license', sql: license },
  { id: '010_crowdstrike', sql: crowdstrike },
  { id: '011_phishing', sql: phishing },
  { id: '012_admin', sql: admin },
  { id: '013_account_security', sql: accountSecurity },
  { id: '020_monitor_checked_spans', sql: monitorCheckedSpans },
  { id: '018_phishing_mail', sql: phishingMail },
  { id: '016_rate_limits', sql: rateLimits },
  { id: '014_lxd', sql: lxd },
  { id: '021_vm_platform_message', sql: vmPlatformMessage },
  { id: '022_monitoring_prober', sql: monitoringProber },
  { id: '024_audit_target_label', sql: auditTargetLabel },
  { id: '025_monitor_alert_sending', sql: monitorAlertSending },
  { id: '026_installation', sql: installation },
  { id: '029_edr_detection_resolution', sql: edrDetectionResolution },
  { id: '027_lxd_networking', sql: lxdNetworking },
  { id: '030_phishing_list_versions', sql: phishingListVersions },
  { id: '031_volume_platform_message', sql: volumePlatformMessage },
  { id: '032_edr_check_ins', sql: edrCheckIns },
  { id: '033_lxd_name_prefix', sql: lxdNamePrefix },
];
