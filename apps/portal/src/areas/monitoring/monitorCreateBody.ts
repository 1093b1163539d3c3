// The create form's values and the `MonitorCreate` body built from them.
import type { DnsRecordType, MonitorCreate, MonitorType, TargetKind } from '@portal/api/contract';

export interface MonitorForm {
  tenant: string;
  target_kind: TargetKind;
  /** The VM's id as the select holds it. */
  vm_id: string;
  target: string;
  name: string;
  type: MonitorType;
  port: number | null;
  expected_status: number | null;
  keyword: string;
  dns_record_type: DnsRecordType;
  tls_days_threshold: number | null;
  interval_seconds: number | null;
  timeout_seconds: number | null;
  retries: number | null;
  /** E-mail addresses and webhook URLs, separated by commas or new lines. */
  contacts: string;
}

export const EMPTY_MONITOR_FORM: MonitorForm = {
  tenant: '',
  target_kind: 'vm',
  vm_id: '',
  target: '',
  name: '',
  type: 'ping',
  port: null,
  expected_status: 200,
  keyword: '',
  dns_record_type: 'A',
  tls_days_threshold: 14,
  interval_seconds: 60,
  timeout_seconds: 10,
  retries: 1,
  contacts: '',
};

/** A contact is a webhook when it is a URL, else an e-mail address. */
export const contactsOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((address) => ({
      kind: /^https?:\/\//i.test(address) ? ('webhook' as const) : ('email' as const),
      address,
    }));

export function monitorCreateBody(values: MonitorForm): MonitorCreate {
  const vm = values.target_kind === 'vm';
  return {
    name: values.name.trim(),
    tenant: values.tenant,
    type: values.type,
    target_kind: values.target_kind,
    vm_id: vm && values.vm_id ? Number(values.vm_id) : null,
    target: vm ? null : values.target.trim(),
    port: values.type === 'tcp' ? values.port : null,
    expected_status: values.type === 'http' ? values.expected_status : null,
    keyword: values.type === 'http' && values.keyword.trim() ? values.keyword.trim() : null,
    dns_record_type: values.type === 'dns' ? values.dns_record_type : null,
    tls_days_threshold: values.type === 'tls' ? values.tls_days_threshold : null,
    interval_seconds: values.interval_seconds ?? 0,
    timeout_seconds: values.timeout_seconds ?? 0,
    retries: values.retries ?? 0,
    contacts: contactsOf(values.contacts),
  };
}

/** Where a body path's error shows in the form. */
export const monitorFieldOf = (path: string): keyof MonitorForm | undefined => {
  const head = path.split('.')[0] ?? path;
  return head in EMPTY_MONITOR_FORM ? (head as keyof MonitorForm) : undefined;
};
