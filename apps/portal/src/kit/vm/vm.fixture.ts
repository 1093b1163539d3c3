import type { Vm } from '@portal/api/contract';

/** A powered-on Acme VM for component tests of either series; each test overrides what it is about. */
export const makeVm = (overrides: Partial<Vm> = {}): Vm => ({
  id: 1,
  display_name: 'web-01',
  status: 'active',
  power_state: 'poweredOn',
  os: { name: 'Ubuntu', version: '24.04 LTS', guest_full_name: 'Ubuntu Linux 24.04 (64-bit)' },
  vcpus: 2,
  memory: 4096,
  disk_size_gb: 60,
  plan: { id: 'std-2', name: 'Standard 2', max_vcpus: 8, max_memory_gb: 32 },
  location: 'AMS1',
  cluster: 'AMS1-CL01',
  adapters: [{ portgroup: 'ams1-frontend', vlan_id: 100, ip: '10.100.0.1' }],
  nat: [],
  firewall_rules: [],
  boot_cdrom: null,
  vsnap: false,
  monitoring: false,
  serviceid: null,
  tenant_id: 'UZZ100001',
  task_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
