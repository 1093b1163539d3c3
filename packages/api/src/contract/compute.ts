// Compute: VMs on the VM path base (eseries and vwseries), their snapshots, NAT, firewall, the
// creation catalogue, metrics and the console: specification sections 3, 4 and 7.
// Payload names are the specification's, exactly; where it says "not shown" the shapes are ours
// (docs/adr/009-compute-tasks-and-simulator.md).
import { Type, type Static } from 'typebox';
import { DateTime, Id, ListPagingFields, Nullable, ClosedObject } from './common.ts';
import {
  CIDR_PATTERN,
  DISPLAY_NAME_PATTERN,
  FIREWALL_ACTIONS,
  FIREWALL_DIRECTIONS,
  FIREWALL_PROTOCOLS,
  METRICS,
  PORTS_PATTERN,
  SERVICEID_PATTERN,
  VLAN_MAX,
  VLAN_MIN,
} from './compute-values.ts';

// ---------------------------------------------------------------------------------------------
// Building blocks

export const ServiceId = Type.String({ pattern: SERVICEID_PATTERN, maxLength: 9 });

export const DisplayName = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: DISPLAY_NAME_PATTERN,
  description: '1 to 64 letters, digits, spaces, dots, dashes or underscores; not a space first.',
});

const VlanId = Type.Integer({ minimum: VLAN_MIN, maximum: VLAN_MAX });

// ---------------------------------------------------------------------------------------------
// Virtual machines

/** `trial` for every new VM (section 9); `active` once contracted; `error` when creation failed. */

export const VM_STATUSES = ['trial', 'active', 'error'] as const;
export const VmStatus = Type.Enum(VM_STATUSES);
export type VmStatus = Static<typeof VmStatus>;

export const POWER_STATES = ['poweredOn', 'poweredOff', 'suspended'] as const;
export const PowerState = Type.Enum(POWER_STATES);
export type PowerState = Static<typeof PowerState>;

export const VmOs = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 64, description: 'From the image, e.g. Ubuntu.' }),
  version: Type.String({ minLength: 1, maxLength: 64, description: "The image version's name." }),
  guest_full_name: Type.String({
    minLength: 1,
    maxLength: 128,
    description: "The image version's id, e.g. Ubuntu Linux 24.04 (64-bit).",
  }),
});
export type VmOs = Static<typeof VmOs>;

export const VmAdapter = Type.Object({
  portgroup: Type.String(),
  vlan_id: Type.Integer(),
  ip: Nullable(Type.String({ description: 'Assigned once the VM is built.' })),
});
export type VmAdapter = Static<typeof VmAdapter>;

export const NAT_STATUSES = ['active', 'cancelled'] as const;
export const NatStatus = Type.Enum(NAT_STATUSES);
export type NatStatus = Static<typeof NatStatus>;

/** Section 3: id, gateway_id, global_ipaddress_id, status, task_data (with id). */
export const NatRecord = Type.Object(
  {
    id: Type.Integer(),
    gateway_id: Type.Integer(),
    gateway_name: Type.Optional(
      Nullable(
        Type.String({
          description:
            "The tenant's own gateway's name; null for a site's shared gateway (named by the catalogue).",
        }),
      ),
    ),
    global_ipaddress_id: Type.Integer(),
    global_ipaddress: Type.String({ description: 'The public address.' }),
    status: NatStatus,
    task_data: Type.Object({
      id: Nullable(Type.Integer({ description: 'The task that last changed this entry.' })),
    }),
  },
  { $id: 'NatRecord' },
);
export type NatRecord = Static<typeof NatRecord>;

const Cidr = Type.String({ pattern: CIDR_PATTERN, maxLength: 18 });

/** `POST /services/eseries/{id}/firewall_rule` (the specification does not show it). */
export const FirewallRuleBody = ClosedObject('FirewallRuleBody', {
  direction: Type.Enum(FIREWALL_DIRECTIONS),
  protocol: Type.Enum(FIREWALL_PROTOCOLS),
  ports: Type.Optional(
    Nullable(
      Type.String({
        pattern: PORTS_PATTERN,
        description: 'tcp and udp only: "22" or "8000-8080" (1 to 65535).',
      }),
    ),
  ),
  source: Cidr,
  destination: Cidr,
  action: Type.Enum(FIREWALL_ACTIONS),
  description: Type.Optional(Type.String({ maxLength: 200 })),
});
export type FirewallRuleBody = Static<typeof FirewallRuleBody>;

export const FirewallRule = Type.Object(
  {
    id: Type.Integer(),
    direction: Type.Enum(FIREWALL_DIRECTIONS),
    protocol: Type.Enum(FIREWALL_PROTOCOLS),
    ports: Nullable(Type.String()),
    source: Type.String(),
    destination: Type.String(),
    action: Type.Enum(FIREWALL_ACTIONS),
    description: Type.String(),
    created_at: DateTime,
  },
  { $id: 'FirewallRule' },
);
export type FirewallRule = Static<typeof FirewallRule>;

export const BootCdrom = Type.Object({
  cdrom_number: Type.Integer(),
  media_key: Type.String(),
  name: Type.String({ description: "The medium's name in the library." }),
});
export type BootCdrom = Static<typeof BootCdrom>;

/** The list's optional extras (`detail_fields`); the single-VM reply always carries both. */
export const DETAIL_FIELDS = ['nat', 'firewall_rules'] as const;
export const DetailField = Type.Enum(DETAIL_FIELDS);
export type DetailField = Static<typeof DetailField>;

export const Vm = Type.Object(
  {
    id: Type.Integer(),
    display_name: Type.String(),
    status: VmStatus,
    power_state: PowerState,
    os: VmOs,
    vcpus: Type.Integer(),
    memory: Type.Integer({ description: 'MB.' }),
    disk_size_gb: Type.Integer(),
    plan: Type.Object({
      id: Type.String(),
      name: Type.String(),
      max_vcpus: Type.Integer(),
      max_memory_gb: Type.Integer(),
    }),
    location: Type.String(),
    cluster: Type.String(),
    adapters: Type.Array(VmAdapter),
    nat: Type.Optional(Type.Array(NatRecord)),
    firewall_rules: Type.Optional(Type.Array(FirewallRule)),
    boot_cdrom: Nullable(BootCdrom),
    vsnap: Type.Boolean(),
    monitoring: Type.Boolean(),
    platform_message: Type.Optional(
      Nullable(
        Type.String({
          description:
            'What the platform says of this VM when it disagrees with the portal (deleted outside it).',
        }),
      ),
    ),
    serviceid: Nullable(Type.String({ description: 'The vwseries service, null for eseries.' })),
    tenant_id: Type.String({ description: "The tenant's cdb_id." }),
    task_id: Nullable(
      Type.Integer({ description: 'The newest task still pending or running on this VM.' }),
    ),
    created_at: DateTime,
  },
  { $id: 'Vm' },
);
export type Vm = Static<typeof Vm>;

/** `GET …/{id}/status`: what a VM is doing right now, cheap to poll. */
export const VmStatusReply = Type.Object({
  id: Type.Integer(),
  status: VmStatus,
  power_state: PowerState,
  task_id: Nullable(Type.Integer()),
});
export type VmStatusReply = Static<typeof VmStatusReply>;

export const VmListQuery = Type.Object({
  detail_fields: Type.Optional(
    Type.Array(DetailField, { description: 'Repeat to add several: nat, firewall_rules.' }),
  ),
  network_id: Type.Optional(
    Type.Integer({
      minimum: VLAN_MIN,
      maximum: VLAN_MAX,
      description: 'Only VMs with an adapter on this network (its VLAN id).',
    }),
  ),
  ...ListPagingFields,
});
export type VmListQuery = Static<typeof VmListQuery>;

export const VmParams = Type.Object({ id: Id });
export type VmParams = Static<typeof VmParams>;
export const VwseriesParams = Type.Object({ serviceid: ServiceId });
export type VwseriesParams = Static<typeof VwseriesParams>;
export const VwseriesVmParams = Type.Object({ serviceid: ServiceId, id: Id });
export type VwseriesVmParams = Static<typeof VwseriesVmParams>;
export const VlanParams = Type.Object({ id: Id, vlanId: VlanId });
export const NatParams = Type.Object({ id: Id, natId: Id });
export const FirewallRuleParams = Type.Object({ id: Id, ruleId: Id });

// ---------------------------------------------------------------------------------------------
// Bodies (section 3)

/** `POST /services/eseries`: built exactly as section 3 says. */
export const VmCreate = ClosedObject('VmCreate', {
  location: Type.String({ minLength: 1, maxLength: 64, description: "The site's location." }),
  status: Type.Literal('trial'),
  tenant_id: Type.String({ pattern: SERVICEID_PATTERN, description: "Your tenant's cdb_id." }),
  display_name: DisplayName,
  vsnap: Type.Boolean({ description: 'Snapshot-based backup for this VM.' }),
  monitoring: Type.Boolean({ description: 'Monitoring for this VM.' }),
  vm_params: Type.Object(
    {
      vcpus: Type.Integer({ minimum: 1, maximum: 128, description: "The plan's cpu." }),
      memory: Type.Integer({
        minimum: 1024,
        maximum: 2048 * 1024,
        multipleOf: 1024,
        description: "MB: the plan's memory in GB × 1024.",
      }),
      cluster_name: Type.String({
        minLength: 1,
        maxLength: 64,
        description: "The zone's cluster.",
      }),
      os: VmOs,
      adapters: Type.Array(
        Type.Object(
          { portgroup: Type.String({ minLength: 1, maxLength: 64 }), vlan_id: VlanId },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 2, description: 'The second adapter only when given.' },
      ),
      disk_size_gb: Nullable(
        Type.Integer({
          minimum: 10,
          maximum: 4096,
          description: "A custom size; null for the plan's disk.",
        }),
      ),
    },
    { additionalProperties: false },
  ),
});
export type VmCreate = Static<typeof VmCreate>;

export const VmCreateAccepted = Type.Object(
  { task_id: Id, vm_id: Id },
  { $id: 'VmCreateAccepted' },
);
export type VmCreateAccepted = Static<typeof VmCreateAccepted>;

export const SNAP_OPS = [
  'CreateSnapshot',
  'DeleteSnapshot',
  'EditSnapshot',
  'RevertSnapshot',
  'DeleteAllSnapshots',
] as const;
export const SnapOp = Type.Enum(SNAP_OPS);
export type SnapOp = Static<typeof SnapOp>;

/**
 * `POST …/{id}/snapshot`. Which fields an operation needs: CreateSnapshot `name`; DeleteSnapshot
 * and RevertSnapshot `snap_id`; EditSnapshot `snap_id` and a new `name` or `description`.
 */
export const SnapshotOperation = ClosedObject('SnapshotOperation', {
  snap_op: SnapOp,
  name: Type.Optional(Nullable(Type.String({ maxLength: 80 }))),
  description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  power_state: Type.Optional(
    Nullable(
      Type.Boolean({
        description: "Create: also capture the VM's power state (memory), so a revert resumes it.",
      }),
    ),
  ),
  quiesced: Type.Optional(
    Nullable(Type.Boolean({ description: 'Create: quiesce the guest file system first.' })),
  ),
  snap_id: Type.Optional(Nullable(Id)),
  suppress_power_on: Type.Optional(
    Nullable(Type.Boolean({ description: 'Revert: stay powered off afterwards.' })),
  ),
});
export type SnapshotOperation = Static<typeof SnapshotOperation>;

export const Snapshot = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    description: Type.String(),
    parent_id: Nullable(Type.Integer()),
    is_current: Type.Boolean({
      description: 'The snapshot the VM runs from (the "you are here").',
    }),
    power_state: PowerState,
    quiesced: Type.Boolean(),
    created_at: DateTime,
  },
  { $id: 'Snapshot' },
);
export type Snapshot = Static<typeof Snapshot>;

/** Section 4 leaves the values open; these are vSphere's. */
export const POWER_OPERATIONS = [
  'powerOn',
  'powerOff',
  'shutdownGuest',
  'reboot',
  'reset',
  'suspend',
] as const;
export const PowerOperation = Type.Enum(POWER_OPERATIONS);
export type PowerOperation = Static<typeof PowerOperation>;

export const PowerStateBody = ClosedObject('PowerStateBody', { power_operation: PowerOperation });
export type PowerStateBody = Static<typeof PowerStateBody>;

/** `PATCH /services/eseries/{id}/instance`; limits are the VM's plan (a task fails beyond). */
export const ResizeBody = ClosedObject('ResizeBody', {
  vcpus: Type.Integer({ minimum: 1, maximum: 128 }),
  memoryGB: Type.Integer({ minimum: 1, maximum: 2048 }),
});
export type ResizeBody = Static<typeof ResizeBody>;

export const CDROM_OPERATIONS = ['attach', 'detach'] as const;
/** `PATCH /services/eseries/{id}/boot_cdrom`: attach needs `media_key`; the drive defaults to 1. */
export const BootCdromBody = ClosedObject('BootCdromBody', {
  operation: Type.Enum(CDROM_OPERATIONS),
  data: Type.Optional(
    Type.Object(
      {
        media_key: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }))),
        cdrom_number: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 4 }))),
      },
      { additionalProperties: false },
    ),
  ),
});
export type BootCdromBody = Static<typeof BootCdromBody>;

/** `PATCH /services/eseries/{id}`. */
export const RenameBody = ClosedObject('RenameBody', {
  operation: Type.Literal('update'),
  data: Type.Object({ display_name: DisplayName }, { additionalProperties: false }),
});
export type RenameBody = Static<typeof RenameBody>;

/** `POST /services/eseries/{id}/nat`: a 1:1 NAT through a gateway of the VM's site. */
export const NatCreateBody = ClosedObject('NatCreateBody', {
  operation: Type.Literal('create'),
  data: Type.Object(
    {
      gateway_id: Id,
      global_ipaddress_id: Type.Optional(
        Type.Union([Id, Type.Null()], {
          description: 'A public address allocated under networking; a new one when absent.',
        }),
      ),
    },
    { additionalProperties: false, description: "A gateway of the VM's site (catalogue)." },
  ),
});
export type NatCreateBody = Static<typeof NatCreateBody>;

/** `PUT /services/eseries/{id}/nat/{natId}`. */
export const NatCancelBody = ClosedObject('NatCancelBody', { status: Type.Literal('cancel') });
export type NatCancelBody = Static<typeof NatCancelBody>;

/** `PUT /services/eseries/{id}/vlan/{vlanId}` moves one adapter (default the first) there. */
export const VlanQuery = Type.Object({
  adapter: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 1, description: 'Adapter index: 0 or 1.' }),
  ),
});
export type VlanQuery = Static<typeof VlanQuery>;

// ---------------------------------------------------------------------------------------------
// Creation catalogue: regions → sites → zones (clusters), plans, images, media

export const Catalogue = Type.Object(
  {
    regions: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        sites: Type.Array(
          Type.Object({
            id: Type.String(),
            name: Type.String(),
            location: Type.String({ description: 'Goes into the creation body as `location`.' }),
            zones: Type.Array(
              Type.Object({
                id: Type.String(),
                name: Type.String(),
                cluster: Type.String({ description: 'Goes in as `vm_params.cluster_name`.' }),
              }),
            ),
            portgroups: Type.Array(Type.Object({ name: Type.String(), vlan_id: Type.Integer() })),
            gateways: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
            backend: Type.Optional(
              Type.Union([Type.Literal('simulator'), Type.Literal('lxd')], {
                description: 'What serves the site.',
              }),
            ),
            unavailable: Type.Optional(
              Type.Record(Type.String(), Type.String(), {
                description:
                  'Actions the site cannot do (cdrom, quiescedSnapshot, hotResize, …), each with the reason.',
              }),
            ),
            images: Type.Optional(
              Type.Array(Type.String(), {
                description: 'The ids of the images offered at this site; every image when absent.',
              }),
            ),
          }),
        ),
      }),
    ),
    plans: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        cpu: Type.Integer({ description: 'vCPUs.' }),
        memory: Type.Integer({ description: 'GB.' }),
        disk_gb: Type.Integer({ description: 'The disk when no custom size is given.' }),
        max_vcpus: Type.Integer(),
        max_memory_gb: Type.Integer(),
      }),
    ),
    images: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        versions: Type.Array(
          Type.Object({
            id: Type.String({ description: 'Goes in as `os.guest_full_name`.' }),
            name: Type.String({ description: 'Goes in as `os.version`.' }),
          }),
        ),
      }),
    ),
    media: Type.Array(
      Type.Object({ key: Type.String(), name: Type.String(), size_mb: Type.Integer() }),
    ),
    disk: Type.Object({ min_gb: Type.Integer(), max_gb: Type.Integer() }),
  },
  { $id: 'Catalogue' },
);
export type Catalogue = Static<typeof Catalogue>;
export type CataloguePlan = Catalogue['plans'][number];

// ---------------------------------------------------------------------------------------------
// Metrics

export const METRIC_RANGES = ['1h', '6h', '24h', '7d', '30d'] as const;
export type MetricRange = (typeof METRIC_RANGES)[number];
export const METRIC_RANGE_SECONDS: Record<MetricRange, number> = {
  '1h': 3600,
  '6h': 21600,
  '24h': 86400,
  '7d': 604800,
  '30d': 2592000,
};
/** The step used when none is given: about 60 to 180 points per range. */
export const DEFAULT_METRIC_STEP: Record<MetricRange, number> = {
  '1h': 60,
  '6h': 300,
  '24h': 900,
  '7d': 3600,
  '30d': 14400,
};
export const MAX_METRIC_POINTS = 1000;

export const MetricsQuery = Type.Object({
  metric: Type.Enum(METRICS),
  range: Type.Optional(Type.Enum(METRIC_RANGES, { description: 'Default 1h.' })),
  step: Type.Optional(
    Type.Integer({ minimum: 10, maximum: 86400, description: 'Seconds between points.' }),
  ),
});
export type MetricsQuery = Static<typeof MetricsQuery>;

export const MetricsReply = Type.Object(
  {
    vm_id: Type.Integer(),
    metric: Type.Enum(METRICS),
    unit: Type.String({ description: '%, MB/s or Mbit/s.' }),
    range: Type.Enum(METRIC_RANGES),
    step: Type.Integer(),
    series: Type.Array(
      Type.Object({
        name: Type.String({ description: 'e.g. usage, read, write, rx, tx.' }),
        points: Type.Array(Type.Tuple([Type.Number(), Type.Number()]), {
          description: '[epoch milliseconds, value], oldest first.',
        }),
      }),
    ),
  },
  { $id: 'MetricsReply' },
);
export type MetricsReply = Static<typeof MetricsReply>;

// ---------------------------------------------------------------------------------------------
// Console

/**
 * `GET …/{id}/console` (on `/services/eseries` and `/services/vwseries/{serviceid}/vm`): a
 * single-use ticket for the VM's serial console. 409 when the VM is not powered on.
 *
 * The WebSocket protocol, for the console page:
 * - Open `new WebSocket(\`${location.origin.replace(/^http/, 'ws')}${ticket.url}\`)` within 30 s
 *   (`expires_at`); the URL is `/api/console/ws?ticket=…`. Browsers cannot send a bearer header
 *   on a WebSocket, so the ticket is the credential; it works once. No subprotocol.
 * - A bad, expired or used ticket is refused before the upgrade (HTTP 401; 400 without one); the
 *   socket's `error`/`close` fire without `open`. Ask for a new ticket to reconnect.
 * - Server → client: UTF-8 text frames of terminal output (a boot log, then `host login: `),
 *   with CR LF line ends and `\b \b` for a deleted character: write them to a terminal as is.
 * - Client → server: text frames of keystrokes as a terminal sends them (`\r` for Enter, `\x7f`
 *   backspace, `\x03` Ctrl-C). The server echoes what it shows (not passwords); input before the
 *   login prompt appears is ignored, as on a booting machine.
 * - The session lasts until the client closes it; the server closes with 1011 only if the
 *   console broke.
 */
export const ConsoleTicket = Type.Object(
  {
    ticket: Type.String(),
    url: Type.String({ description: 'Path of the WebSocket, ticket included: /api/console/ws?…' }),
    expires_at: DateTime,
  },
  { $id: 'ConsoleTicket' },
);
export type ConsoleTicket = Static<typeof ConsoleTicket>;

export const ConsoleWsQuery = Type.Object({
  ticket: Type.String({ minLength: 1, maxLength: 200 }),
});
