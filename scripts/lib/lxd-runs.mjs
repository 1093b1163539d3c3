// Test runs on one machine share its LXD. Each run (a Vitest or Playwright process) claims a slot,
// a directory under LXD_RUNS_DIR holding its pid and the installations and projects its tests
// make; the slot number picks the run's address ranges. A slot whose process has ended is swept:
// what it recorded is deleted from LXD, then the slot is free. Nothing is swept by name or age
// alone, so a run that is still going never loses an object.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lxdCall } from './lxd.mjs';

export const LXD_RUNS_DIR = process.env.LXD_RUNS_DIR ?? join(tmpdir(), 'portal-lxd-runs');
/** How many runs may share the machine's LXD at once (each slot has its own address ranges). */
export const LXD_RUN_SLOTS = 8;
/** A slot being claimed has its run.json within this long; older without one, it was abandoned. */
const CLAIM_GRACE_MS = 60_000;
/** Names of the bridges the portal makes (networking's bridgeName): `p<6 hex><id>` or `pnet<id>`. */
const PORTAL_BRIDGE = /^(p[0-9a-f]{6}[0-9a-z]+|pnet\d+)$/;

/** Public addresses per slot: TEST-NET-3 (RFC 5737), which nothing routes. */
const ADDRESSES_PER_SLOT = 30;
/** /24 subnets per slot, in 10.78.0.0/16 (e2e's own picks are in 10.77, the setup's in 10.211). */
const SUBNETS_PER_SLOT = 16;

/**
 * `count` public addresses of the run in `slot`, from `offset`: forwards listen on them, so no
 * two runs may share one. Traffic to them stays on this machine (the forward's rule turns it to
 * the instance before routing).
 */
export function runAddresses(slot, offset, count) {
  if (offset + count > ADDRESSES_PER_SLOT) throw new Error('a run has 30 public addresses');
  return Array.from({ length: count }, (_, n) => `203.0.113.${slot * 32 + 1 + offset + n}`);
}

/** The first three octets of the run's `k`-th /24 (k < 16): a bridge's range on this host. */
export function runSubnet(slot, k) {
  if (k >= SUBNETS_PER_SLOT) throw new Error('a run has 16 subnets');
  return `10.78.${slot * SUBNETS_PER_SLOT + k}`;
}

/** The kernel's start time of a process (clock ticks since boot), or null where it is not known. */
function startTime(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether the process that wrote `run` is still that process (not a new one with its pid). */
function alive(run) {
  try {
    process.kill(run.pid, 0);
  } catch (error) {
    if (error.code !== 'EPERM') return false;
  }
  const now = startTime(run.pid);
  return now === null || run.started === null || now === run.started;
}

function readRun(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'));
  } catch {
    return null;
  }
}

/** Whether a slot or reaping directory belongs to nobody any more. */
function abandoned(dir) {
  const run = readRun(dir);
  if (run) return !alive(run);
  try {
    return Date.now() - statSync(dir).mtimeMs > CLAIM_GRACE_MS;
  } catch {
    return false;
  }
}

/** What a run recorded: `installation-<id>` and `project-<name>` files. */
function recorded(dir, kind) {
  const prefix = `${kind}-`;
  return readdirSync(dir)
    .filter((name) => name.startsWith(prefix))
    .map((name) => name.slice(prefix.length));
}

/** Notes that the run in `dir` made LXD objects as an installation or in a project of its own. */
export function recordLxdOwner(dir, kind, name) {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`not an LXD name: ${name}`);
  writeFileSync(join(dir, `${kind}-${name}`), '');
}

async function get(path) {
  const { status, body } = await lxdCall('GET', path, undefined, { timeoutMs: 30_000 });
  return status === 200 ? body.metadata : null;
}

async function call(method, path, body) {
  const reply = await lxdCall(method, path, body, { timeoutMs: 60_000 }).catch(() => null);
  if (reply?.body.type === 'async')
    await lxdCall('GET', `${reply.body.operation}/wait?timeout=60`, undefined, {
      timeoutMs: 65_000,
    }).catch(() => null);
}

const q = (project) => `project=${encodeURIComponent(project)}`;

async function deleteInstance(project, instance) {
  const path = `/1.0/instances/${encodeURIComponent(instance.name)}`;
  if (instance.status !== 'Stopped')
    await call('PUT', `${path}/state?${q(project)}`, { action: 'stop', force: true });
  await call('DELETE', `${path}?${q(project)}`);
}

/**
 * Deletes from LXD what the given installations made (objects carrying their
 * `user.portal.installation`, projects and ACLs named with their prefix) and the given projects
 * with everything in them. Answers how many objects it deleted.
 */
export async function deleteLxdOwned({
  installations = [],
  projects = [],
  addresses = [],
  pool = 'portal',
}) {
  if (installations.length + projects.length + addresses.length === 0) return 0;
  const ours = (config) => installations.includes(config?.['user.portal.installation'] ?? '');
  const prefixes = installations.map((id) => `portal-${id}-`);
  const named = (name) => prefixes.some((prefix) => name.startsWith(prefix));
  let deleted = 0;
  const allProjects = ((await get('/1.0/projects?recursion=1')) ?? []).map((each) => each.name);
  const whole = allProjects.filter((name) => projects.includes(name) || named(name));
  const instances = (await get('/1.0/instances?all-projects=true&recursion=1')) ?? [];
  for (const instance of instances)
    if (whole.includes(instance.project) || ours(instance.config)) {
      await deleteInstance(instance.project, instance);
      deleted++;
    }
  const networks = ((await get('/1.0/networks?recursion=1')) ?? []).filter((n) => n.managed);
  for (const network of networks) {
    const forwards = (await get(`/1.0/networks/${network.name}/forwards?recursion=1`)) ?? [];
    for (const forward of forwards.filter(
      (each) => ours(each.config) || addresses.includes(each.listen_address),
    )) {
      await call('DELETE', `/1.0/networks/${network.name}/forwards/${forward.listen_address}`);
      deleted++;
    }
  }
  for (const project of allProjects) {
    const volumes =
      (await get(`/1.0/storage-pools/${pool}/volumes/custom?recursion=1&${q(project)}`)) ?? [];
    for (const volume of volumes)
      if (whole.includes(project) || ours(volume.config)) {
        await call(
          'DELETE',
          `/1.0/storage-pools/${pool}/volumes/custom/${encodeURIComponent(volume.name)}?${q(project)}`,
        );
        deleted++;
      }
  }
  for (const network of networks.filter((each) => ours(each.config))) {
    await call('DELETE', `/1.0/networks/${network.name}`);
    deleted++;
  }
  const acls = (await get('/1.0/network-acls')) ?? [];
  for (const name of acls.map((path) => decodeURIComponent(path.split('/').pop() ?? '')))
    if (named(name)) {
      await call('DELETE', `/1.0/network-acls/${encodeURIComponent(name)}`);
      deleted++;
    }
  for (const project of whole) {
    await call('DELETE', `/1.0/projects/${encodeURIComponent(project)}`);
    deleted++;
  }
  return deleted;
}

/** The machine's dnsmasq processes: each one's pid and command line. */
function dnsmasqProcesses() {
  const found = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let argv;
    try {
      argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (argv[0]?.endsWith('dnsmasq')) found.push({ pid: Number(pid), argv });
  }
  return found;
}

/** The dnsmasq processes serving `bridge`, by pid. */
const dnsmasqOf = (bridge) =>
  dnsmasqProcesses()
    .filter(({ argv }) => argv.includes(`--interface=${bridge}`))
    .map(({ pid }) => pid);

/**
 * Portal bridges the kernel has but LXD does not manage (a network whose creation or deletion was
 * cut short), and their dnsmasq: LXD never lets go of a bridge it manages, so these are nobody's.
 */
async function sweepStrayBridges(log) {
  if (!existsSync('/sys/class/net') || process.getuid?.() !== 0) return;
  const managed = new Set(
    ((await get('/1.0/networks?recursion=1')) ?? [])
      .filter((each) => each.managed)
      .map((each) => each.name),
  );
  for (const name of readdirSync('/sys/class/net')) {
    if (!PORTAL_BRIDGE.test(name) || managed.has(name)) continue;
    if (!existsSync(`/sys/class/net/${name}/bridge`)) continue;
    for (const pid of dnsmasqOf(name)) process.kill(pid, 'SIGTERM');
    execFileSync('ip', ['link', 'delete', name]);
    log(`removed: bridge ${name} left in the kernel, unknown to LXD`);
  }
  for (const { pid, argv } of dnsmasqProcesses()) {
    const bridge = argv.find((arg) => arg.startsWith('--interface='))?.slice(12) ?? '';
    if (!PORTAL_BRIDGE.test(bridge) || managed.has(bridge)) continue;
    if (existsSync(`/sys/class/net/${bridge}`)) continue;
    process.kill(pid, 'SIGTERM');
    log(`stopped: dnsmasq ${pid} of bridge ${bridge}, which is gone`);
  }
}

/**
 * Deletes what runs that have ended left in LXD, then stray portal bridges in the kernel. A slot
 * is taken over by renaming it (only one sweeper wins), so two runs starting at once never sweep
 * the same slot twice, and a live run's slot is never touched.
 */
export async function sweepLxdRuns({ log = (line) => console.log(`  ${line}`) } = {}) {
  mkdirSync(LXD_RUNS_DIR, { recursive: true });
  for (const name of readdirSync(LXD_RUNS_DIR)) {
    const dir = join(LXD_RUNS_DIR, name);
    if (!/^(slot|reaping)-/.test(name) || !abandoned(dir)) continue;
    const reaping = join(LXD_RUNS_DIR, `reaping-${process.pid}-${name}`);
    try {
      renameSync(dir, reaping);
    } catch {
      continue;
    }
    writeFileSync(
      join(reaping, 'run.json'),
      JSON.stringify({ pid: process.pid, started: startTime(process.pid) }),
    );
    const slot = Number(/slot-(\d+)$/.exec(name)?.[1] ?? NaN);
    const deleted = await deleteLxdOwned({
      installations: recorded(reaping, 'installation'),
      projects: recorded(reaping, 'project'),
      // The slot's addresses were the dead run's alone: forwards on them are its, tagged or not.
      addresses: Number.isInteger(slot) ? runAddresses(slot, 0, ADDRESSES_PER_SLOT) : [],
    });
    rmSync(reaping, { recursive: true, force: true });
    log(`swept: ${name} of a run that ended (${deleted} LXD object(s) deleted)`);
  }
  await sweepStrayBridges(log);
}

/**
 * Sweeps, then claims a free slot for this process: `{ slot, dir, release }`. `release` deletes
 * what the run recorded (its tests should have already) and frees the slot.
 */
export async function claimLxdRun({ log = () => undefined } = {}) {
  await sweepLxdRuns({ log });
  for (let slot = 0; slot < LXD_RUN_SLOTS; slot++) {
    const dir = join(LXD_RUNS_DIR, `slot-${slot}`);
    try {
      mkdirSync(dir);
    } catch {
      continue;
    }
    writeFileSync(
      join(dir, 'run.json'),
      JSON.stringify({ pid: process.pid, started: startTime(process.pid) }),
    );
    return {
      slot,
      dir,
      async release() {
        await deleteLxdOwned({
          installations: recorded(dir, 'installation'),
          projects: recorded(dir, 'project'),
          addresses: runAddresses(slot, 0, ADDRESSES_PER_SLOT),
        });
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  throw new Error(
    `Every one of the ${LXD_RUN_SLOTS} LXD test slots in ${LXD_RUNS_DIR} is held by a running suite.`,
  );
}
