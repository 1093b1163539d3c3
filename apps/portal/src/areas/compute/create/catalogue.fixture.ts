import type { Catalogue } from '@portal/api/contract';

/** A small catalogue for unit tests, shaped like the server's. */
export const CATALOGUE: Catalogue = {
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
          portgroups: [
            { name: 'ams1-frontend', vlan_id: 100 },
            { name: 'ams1-backend', vlan_id: 200 },
          ],
          gateways: [],
        },
        {
          id: 'fra1',
          name: 'Frankfurt 1',
          location: 'FRA1',
          zones: [{ id: 'fra1-a', name: 'Zone A', cluster: 'FRA1-CL01' }],
          portgroups: [{ name: 'fra1-frontend', vlan_id: 100 }],
          gateways: [],
        },
      ],
    },
  ],
  plans: [
    {
      id: 'std-2',
      name: 'Standard 2',
      cpu: 2,
      memory: 4,
      disk_gb: 60,
      max_vcpus: 8,
      max_memory_gb: 32,
    },
  ],
  images: [
    {
      id: 'ubuntu',
      name: 'Ubuntu',
      versions: [{ id: 'Ubuntu Linux 24.04 (64-bit)', name: '24.04 LTS' }],
    },
  ],
  media: [],
  disk: { min_gb: 10, max_gb: 4096 },
};
