// `npm run lxd:setup` and the CI step: a local LXD with what the portal's LXD driver expects
// (a `dir` pool, a bridge with no NAT, a busybox image built offline), created only when missing.
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  mkdirSync,
  openSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { run } from './run.mjs';

export const LXD_SOCKET = process.env.LXD_SOCKET ?? '/var/lib/lxd/unix.socket';
export const LXD_POOL = 'portal';
export const LXD_BRIDGE = 'portalbr0';
export const LXD_BRIDGE_CIDR = process.env.LXD_BRIDGE_CIDR ?? '10.211.0.1/24';
export const LXD_IMAGE_ALIAS = 'portal-busybox';
export const LXD_LOG = process.env.LXD_LOG ?? '/var/log/lxd-portal.log';
const PACKAGES = ['lxd', 'lxd-client', 'iptables', 'dnsmasq-base', 'busybox-static'];
const BUSYBOX = '/bin/busybox';

/** One call to LXD's REST API over its unix socket; resolves { status, body }, never hangs. */
export function lxdCall(method, path, body, { socketPath = LXD_SOCKET, timeoutMs = 5000 } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        socketPath,
        method,
        path,
        headers: payload
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
          : {},
        timeout: timeoutMs,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
          } catch {
            reject(new Error(`LXD answered ${method} ${path} with something that is not JSON.`));
          }
        });
      },
    );
    req.on('timeout', () =>
      req.destroy(new Error(`LXD did not answer ${method} ${path} in time.`)),
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The metadata of a synchronous call, or of the finished operation of an asynchronous one. */
async function lxd(method, path, body) {
  const { status, body: reply } = await lxdCall(method, path, body, { timeoutMs: 120_000 });
  if (status >= 400 || reply.type === 'error')
    throw new Error(`LXD refused ${method} ${path}: ${reply.error ?? status}`);
  if (reply.type !== 'async') return reply.metadata;
  const op = await lxdCall('GET', `${reply.operation}/wait?timeout=120`, undefined, {
    timeoutMs: 125_000,
  });
  if (op.body.metadata?.status_code !== 200)
    throw new Error(`LXD could not ${method} ${path}: ${op.body.metadata?.err || op.body.error}`);
  return op.body.metadata;
}

/** Whether an LXD server answers on the socket right now (within two seconds). */
export async function lxdAnswers(socketPath = LXD_SOCKET) {
  if (!existsSync(socketPath)) return false;
  try {
    const { status } = await lxdCall('GET', '/1.0', undefined, { socketPath, timeoutMs: 2000 });
    return status === 200;
  } catch {
    return false;
  }
}

function isDebian() {
  return existsSync('/usr/bin/apt-get') && existsSync('/etc/debian_version');
}

async function ensurePackages(log) {
  const missing = [];
  for (const [bin, pkg] of [
    ['/usr/bin/lxd', 'lxd'],
    ['/usr/bin/lxc', 'lxd-client'],
    [BUSYBOX, 'busybox-static'],
    ['/usr/sbin/dnsmasq', 'dnsmasq-base'],
  ])
    if (!existsSync(bin) && !existsSync(bin.replace('/usr/sbin', '/usr/bin'))) missing.push(pkg);
  if (missing.length === 0) {
    log(`found: LXD and busybox installed (${PACKAGES.join(', ')})`);
    return;
  }
  if (process.getuid?.() === 0 && isDebian()) {
    log(`installing Debian's packages: ${PACKAGES.join(' ')}`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    await run('apt-get', ['update', '-qq'], { env });
    await run('apt-get', ['install', '-y', '-qq', ...PACKAGES], { env });
    return;
  }
  throw new Error(
    `LXD is not installed (missing: ${missing.join(', ')}). ` +
      `On Debian or Ubuntu, as root: apt-get install -y ${PACKAGES.join(' ')}. ` +
      'Elsewhere install LXD (or Incus) and busybox, or point the portal at an existing LXD server ' +
      "(README, 'Running on LXD').",
  );
}

async function ensureDaemon(log) {
  if (await lxdAnswers()) {
    log(`found: LXD answering on ${LXD_SOCKET}`);
    return;
  }
  if (process.getuid?.() !== 0)
    throw new Error(
      `Nothing answers on ${LXD_SOCKET}, and only root can start LXD here. ` +
        'Start it (systemctl start lxd, or as root: lxd --group root) and run this again.',
    );
  mkdirSync(dirname(LXD_LOG), { recursive: true });
  const out = openSync(LXD_LOG, 'a');
  const child = spawn('lxd', ['--group', 'root', '--logfile', LXD_LOG], {
    detached: true,
    stdio: ['ignore', out, out],
  });
  child.unref();
  await run('lxd', ['waitready', '--timeout', '60']);
  log(`started: the LXD daemon (pid ${child.pid}, log ${LXD_LOG})`);
}

async function ensurePool(log) {
  const pools = await lxd('GET', '/1.0/storage-pools');
  if (pools.includes(`/1.0/storage-pools/${LXD_POOL}`)) {
    log(`found: storage pool ${LXD_POOL}`);
    return;
  }
  await lxd('POST', '/1.0/storage-pools', { name: LXD_POOL, driver: 'dir', config: {} });
  log(`created: storage pool ${LXD_POOL} (dir)`);
}

async function ensureBridge(log) {
  const networks = await lxd('GET', '/1.0/networks');
  if (networks.includes(`/1.0/networks/${LXD_BRIDGE}`)) {
    const bridge = await lxd('GET', `/1.0/networks/${LXD_BRIDGE}`);
    log(`found: bridge ${LXD_BRIDGE} (${bridge.config['ipv4.address']})`);
    return;
  }
  await lxd('POST', '/1.0/networks', {
    name: LXD_BRIDGE,
    type: 'bridge',
    description: 'Cloud portal: instances only, no NAT to the host network',
    config: { 'ipv4.address': LXD_BRIDGE_CIDR, 'ipv4.nat': 'false', 'ipv6.address': 'none' },
  });
  log(`created: bridge ${LXD_BRIDGE} (${LXD_BRIDGE_CIDR}, no NAT, no IPv6)`);
}

// The default profile gives `lxc launch` (and the benchmark's direct calls) a root disk and a NIC;
// devices it already has are left as they are.
async function ensureDefaultProfile(log) {
  const profile = await lxd('GET', '/1.0/profiles/default');
  const devices = { ...profile.devices };
  const added = [];
  if (!Object.values(devices).some((d) => d.type === 'disk' && d.path === '/')) {
    devices.root = { type: 'disk', path: '/', pool: LXD_POOL };
    added.push(`root disk on ${LXD_POOL}`);
  }
  if (!Object.values(devices).some((d) => d.type === 'nic')) {
    devices.eth0 = { type: 'nic', name: 'eth0', network: LXD_BRIDGE };
    added.push(`eth0 on ${LXD_BRIDGE}`);
  }
  if (added.length === 0) {
    log('found: default profile with a root disk and a NIC');
    return;
  }
  await lxd('PATCH', '/1.0/profiles/default', { devices });
  log(`updated: default profile (${added.join(', ')})`);
}

const INITTAB = `::sysinit:/bin/mount -t proc proc /proc
::sysinit:/bin/mount -t sysfs sysfs /sys
::sysinit:/bin/mkdir -p /dev/pts /run /tmp
::sysinit:/bin/ip link set lo up
::sysinit:/etc/network-up
console::respawn:-/bin/sh
::ctrlaltdel:/sbin/reboot
::shutdown:/bin/umount -a -r
`;
const NETWORK_UP = `#!/bin/sh
# A DHCP lease on the portal's bridge, in the background so that boot never waits for it.
if [ -e /sys/class/net/eth0 ]; then
  ip link set eth0 up
  udhcpc -i eth0 -b -q -s /etc/udhcpc.script >/dev/null 2>&1
fi
`;
const UDHCPC = `#!/bin/sh
case "$1" in
  deconfig) ip addr flush dev "$interface"; ip link set "$interface" up ;;
  bound|renew)
    ip addr flush dev "$interface"
    ip addr add "$ip/$mask" dev "$interface"
    for r in $router; do ip route add default via "$r" dev "$interface"; break; done ;;
esac
`;

async function busyboxVersion() {
  const { execFileSync } = await import('node:child_process');
  const banner = execFileSync(BUSYBOX, [], { encoding: 'utf8' }).split('\n')[0] ?? '';
  return /v(\d+\.\d+\.\d+)/.exec(banner)?.[1] ?? 'unknown';
}

async function ensureImage(log) {
  const aliases = await lxd('GET', '/1.0/images/aliases');
  if (aliases.includes(`/1.0/images/aliases/${LXD_IMAGE_ALIAS}`)) {
    log(`found: image ${LXD_IMAGE_ALIAS}`);
    return;
  }
  const { execFileSync } = await import('node:child_process');
  const version = await busyboxVersion();
  const work = mkdtempSync(join(tmpdir(), 'portal-busybox-'));
  try {
    const rootfs = join(work, 'rootfs');
    for (const dir of [
      'bin',
      'sbin',
      'usr/bin',
      'usr/sbin',
      'etc',
      'proc',
      'sys',
      'dev',
      'tmp',
      'root',
      'run',
      'var',
    ])
      mkdirSync(join(rootfs, dir), { recursive: true });
    execFileSync('cp', [BUSYBOX, join(rootfs, 'bin/busybox')]);
    const applets = execFileSync(BUSYBOX, ['--list-full'], { encoding: 'utf8' }).split('\n');
    for (const applet of applets.filter(Boolean)) {
      const target = join(rootfs, applet);
      if (applet === 'bin/busybox' || existsSync(target)) continue;
      mkdirSync(dirname(target), { recursive: true });
      symlinkSync('/bin/busybox', target);
    }
    if (!existsSync(join(rootfs, 'sbin/init')))
      symlinkSync('/bin/busybox', join(rootfs, 'sbin/init'));
    writeFileSync(join(rootfs, 'etc/inittab'), INITTAB);
    writeFileSync(join(rootfs, 'etc/network-up'), NETWORK_UP, { mode: 0o755 });
    writeFileSync(join(rootfs, 'etc/udhcpc.script'), UDHCPC, { mode: 0o755 });
    writeFileSync(join(rootfs, 'etc/passwd'), 'root:x:0:0:root:/root:/bin/sh\n');
    writeFileSync(join(rootfs, 'etc/group'), 'root:x:0:\n');
    writeFileSync(join(rootfs, 'etc/hostname'), 'busybox\n');
    const arch = execFileSync('uname', ['-m'], { encoding: 'utf8' }).trim();
    writeFileSync(
      join(work, 'metadata.yaml'),
      [
        `architecture: ${arch}`,
        `creation_date: ${Math.floor(Date.now() / 1000)}`,
        'properties:',
        '  os: busybox',
        `  release: "${version}"`,
        `  description: BusyBox ${version} (built offline from Debian's busybox-static)`,
        '',
      ].join('\n'),
    );
    execFileSync('tar', ['-C', work, '-cJf', join(work, 'meta.tar.xz'), 'metadata.yaml']);
    execFileSync('tar', [
      '-C',
      rootfs,
      '--numeric-owner',
      '-cJf',
      join(work, 'rootfs.tar.xz'),
      '.',
    ]);
    await run(
      'lxc',
      [
        'image',
        'import',
        join(work, 'meta.tar.xz'),
        join(work, 'rootfs.tar.xz'),
        '--alias',
        LXD_IMAGE_ALIAS,
      ],
      { quiet: true },
    );
    log(`imported: image ${LXD_IMAGE_ALIAS} (busybox ${version}, built offline)`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Installs (where it can), starts and prepares LXD; one line per thing done or found. */
export async function ensureLxd({ log = (line) => console.log(`  ${line}`) } = {}) {
  const before = [];
  const note = (line) => {
    before.push(line);
    log(line);
  };
  await ensurePackages(note);
  await ensureDaemon(note);
  await ensurePool(note);
  await ensureBridge(note);
  await ensureDefaultProfile(note);
  await ensureImage(note);
  // What killed test runs left (their slots' objects, stray portal bridges); never a live run's.
  const { sweepLxdRuns } = await import('./lxd-runs.mjs');
  await sweepLxdRuns({ log: note });
  const changed = before.filter((line) => !line.startsWith('found:'));
  log(
    changed.length === 0
      ? 'LXD was ready: nothing changed.'
      : `LXD is ready (${changed.length} change(s)).`,
  );
}
