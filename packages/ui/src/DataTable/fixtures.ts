// Generated VM-like rows for stories, tests and the benchmark (not exported from the package).

/** A virtual machine as the compute list shows it. */
export interface VmRow {
  id: string;
  name: string;
  status: 'Running' | 'Stopped' | 'Provisioning' | 'Error';
  power: 'On' | 'Off';
  os: string;
  vcpu: number;
  memoryGb: number;
  location: string;
  ip: string;
}

const prefixes = ['web', 'db', 'cache', 'api', 'worker', 'build', 'mail', 'vpn', 'gpu', 'backup'];
const statuses: VmRow['status'][] = [
  'Running',
  'Running',
  'Running',
  'Stopped',
  'Provisioning',
  'Error',
];
const systems = [
  'Ubuntu 24.04',
  'Debian 12',
  'Rocky Linux 9',
  'Windows Server 2022',
  'AlmaLinux 9',
  'FreeBSD 14',
];
const locations = ['Frankfurt', 'Amsterdam', 'Paris', 'London', 'Stockholm', 'Madrid'];
const cpus = [1, 2, 4, 8, 16, 32];
const memories = [1, 2, 4, 8, 16, 32, 64];

/** A small deterministic generator, so stories, tests and benchmarks see the same rows. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const pick = <T>(list: readonly T[], next: () => number): T => {
  const item = list[Math.floor(next() * list.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
};

/** `count` VM rows, the same for the same `seed`. */
export function makeVms(count: number, seed = 7): VmRow[] {
  const next = random(seed);
  const rows: VmRow[] = [];
  for (let i = 0; i < count; i++) {
    const status = pick(statuses, next);
    const number = String(i + 1).padStart(String(count).length, '0');
    rows.push({
      id: `vm-${i + 1}`,
      name: `${pick(prefixes, next)}-${number}`,
      status,
      power: status === 'Running' ? 'On' : 'Off',
      os: pick(systems, next),
      vcpu: pick(cpus, next),
      memoryGb: pick(memories, next),
      location: pick(locations, next),
      ip: `10.${Math.floor(i / 65536) % 256}.${Math.floor(i / 256) % 256}.${i % 256}`,
    });
  }
  return rows;
}
