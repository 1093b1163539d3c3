import type { Catalogue } from '@portal/api/contract';

const portgroups = (site: string) => [
  { name: `${site}-frontend`, vlan_id: 100 },
  { name: `${site}-backend`, vlan_id: 200 },
  { name: `${site}-management`, vlan_id: 300 },
];

/**
 * What the simulated platform offers. Static: a real driver reads this from its platform. The
 * shape feeds the creation form (section 3): site → `location`, zone → `vm_params.cluster_name`,
 * plan → `vcpus`/`memory`, image version → `os`, portgroup → `adapters`.
 */
export const SIMULATOR_CATALOGUE: Catalogue = {
  regions: [
    {
      id: 'eu',
      name: 'Europe',
      sites: [
        {
          id: 'ams1',
          name: 'Amsterdam 1',
          location: 'AMS1',
          zones: [
            { id: 'ams1-a', name: 'Zone A', cluster: 'AMS1-CL01' },
            { id: 'ams1-b', name: 'Zone B', cluster: 'AMS1-CL02' },
          ],
          portgroups: portgroups('ams1'),
          gateways: [
            { id: 11, name: 'AMS1 edge gateway 1' },
            { id: 12, name: 'AMS1 edge gateway 2' },
          ],
        },
        {
          id: 'fra1',
          name: 'Frankfurt 1',
          location: 'FRA1',
          zones: [{ id: 'fra1-a', name: 'Zone A', cluster: 'FRA1-CL01' }],
          portgroups: portgroups('fra1'),
          gateways: [{ id: 21, name: 'FRA1 edge gateway 1' }],
        },
      ],
    },
    {
      id: 'apac',
      name: 'Asia Pacific',
      sites: [
        {
          id: 'tyo1',
          name: 'Tokyo 1',
          location: 'TYO1',
          zones: [
            { id: 'tyo1-a', name: 'Zone A', cluster: 'TYO1-CL01' },
            { id: 'tyo1-b', name: 'Zone B', cluster: 'TYO1-CL02' },
          ],
          portgroups: portgroups('tyo1'),
          gateways: [{ id: 31, name: 'TYO1 edge gateway 1' }],
        },
      ],
    },
  ],
  plans: [
    {
      id: 'std-1',
      name: 'Standard 1',
      cpu: 1,
      memory: 2,
      disk_gb: 40,
      max_vcpus: 4,
      max_memory_gb: 16,
    },
    {
      id: 'std-2',
      name: 'Standard 2',
      cpu: 2,
      memory: 4,
      disk_gb: 60,
      max_vcpus: 8,
      max_memory_gb: 32,
    },
    {
      id: 'std-4',
      name: 'Standard 4',
      cpu: 4,
      memory: 8,
      disk_gb: 80,
      max_vcpus: 16,
      max_memory_gb: 64,
    },
    {
      id: 'mem-4',
      name: 'Memory 4',
      cpu: 4,
      memory: 32,
      disk_gb: 100,
      max_vcpus: 16,
      max_memory_gb: 256,
    },
    {
      id: 'cpu-8',
      name: 'Compute 8',
      cpu: 8,
      memory: 16,
      disk_gb: 100,
      max_vcpus: 32,
      max_memory_gb: 128,
    },
  ],
  images: [
    {
      id: 'ubuntu',
      name: 'Ubuntu',
      versions: [
        { id: 'Ubuntu Linux 22.04 (64-bit)', name: '22.04 LTS' },
        { id: 'Ubuntu Linux 24.04 (64-bit)', name: '24.04 LTS' },
      ],
    },
    {
      id: 'debian',
      name: 'Debian',
      versions: [
        { id: 'Debian GNU/Linux 12 (64-bit)', name: '12' },
        { id: 'Debian GNU/Linux 13 (64-bit)', name: '13' },
      ],
    },
    {
      id: 'rocky',
      name: 'Rocky Linux',
      versions: [{ id: 'Rocky Linux 9 (64-bit)', name: '9' }],
    },
    {
      id: 'windows-server',
      name: 'Windows Server',
      versions: [
        { id: 'Microsoft Windows Server 2019 (64-bit)', name: '2019' },
        { id: 'Microsoft Windows Server 2022 (64-bit)', name: '2022' },
      ],
    },
  ],
  media: [
    {
      key: 'iso/ubuntu-24.04-live-server-amd64.iso',
      name: 'Ubuntu 24.04 live server',
      size_mb: 2690,
    },
    { key: 'iso/debian-13-amd64-netinst.iso', name: 'Debian 13 netinst', size_mb: 754 },
    { key: 'iso/rocky-9-x86_64-dvd.iso', name: 'Rocky Linux 9 DVD', size_mb: 10700 },
    { key: 'iso/systemrescue-11-amd64.iso', name: 'SystemRescue 11', size_mb: 853 },
    { key: 'iso/virtio-win.iso', name: 'VirtIO drivers for Windows', size_mb: 612 },
  ],
  disk: { min_gb: 10, max_gb: 4096 },
};
