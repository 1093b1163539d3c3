// Compute constants that both the schemas and the portal's forms use: plain values, without the
// schema library, so a page that checks a field does not download TypeBox.

/** `3 word characters then 6 digits`, e.g. VWS123456 (section 5). */
export const SERVICEID_PATTERN = '^\\w{3}\\d{6}$';

/** Letters and digits first, then also spaces, dots, dashes and underscores. */
export const DISPLAY_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9 ._-]*$';

export const VLAN_MIN = 1;
export const VLAN_MAX = 4094;

export const FIREWALL_DIRECTIONS = ['ingress', 'egress'] as const;
export const FIREWALL_PROTOCOLS = ['tcp', 'udp', 'icmp', 'any'] as const;
export const FIREWALL_ACTIONS = ['allow', 'deny'] as const;
/** One port (`22`) or an inclusive range (`8000-8080`). */
export const PORTS_PATTERN = '^\\d{1,5}(-\\d{1,5})?$';
/** An IPv4 address with a prefix length, e.g. 203.0.113.0/24; 0.0.0.0/0 for anywhere. */
export const CIDR_PATTERN = '^\\d{1,3}(\\.\\d{1,3}){3}/\\d{1,2}$';

export const METRICS = ['cpu', 'memory', 'disk', 'network'] as const;

/** What the VM lists sort by (`sort`, `-name` for descending): the portal's column ids. */
export const VM_LIST_SORTS = [
  'id',
  'name',
  'status',
  'power',
  'os',
  'vcpus',
  'memory',
  'location',
  'created',
] as const;

/** What serves a site: the built-in simulator, or a real LXD (or Incus) server. */
export const SITE_BACKENDS = ['simulator', 'lxd'] as const;
export type SiteBackend = (typeof SITE_BACKENDS)[number];

/**
 * Actions a site's platform may not offer (an LXD container has no CD-ROM drive). A site lists
 * those it cannot do with the reason, so the portal offers them disabled, never as an error.
 */
export const SITE_ACTIONS = [
  'cdrom',
  'quiescedSnapshot',
  'memorySnapshot',
  'hotResize',
  'suspend',
  'vlan',
  'nat',
  'firewall',
  'console',
  'volumeFromSnapshot',
] as const;
export type SiteAction = (typeof SITE_ACTIONS)[number];
