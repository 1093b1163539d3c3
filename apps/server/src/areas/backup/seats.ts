// Licence seats the backup area uses: one backup-agent seat per protected machine.
import type { SeatCounter } from '../../platform/seats.ts';
import { protectedMachines } from './repository.ts';

export const backupSeatCounters: SeatCounter[] = [
  {
    product: 'backup-agent',
    async holders(db, tenantId) {
      const machines = await protectedMachines(db, tenantId);
      return machines.map((machine) => ({
        kind: 'machine',
        id: `${machine.backupUuid}/${machine.name}`,
        name: machine.name,
      }));
    },
  },
];
