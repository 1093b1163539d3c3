// Endpoint security constants that both the schemas and the portal's pages use: plain values,
// without the schema library, so a page that labels a severity does not download TypeBox.

/** A managed EDR subscription (one tenant's endpoints) or an MSSP one (a parent over children). */
export const EDR_KINDS = ['medr', 'mssp'] as const;
export type EdrKind = (typeof EDR_KINDS)[number];

export const EDR_STATES = ['active', 'suspended'] as const;

export const HOST_STATUSES = ['online', 'offline', 'contained'] as const;
export type HostStatus = (typeof HOST_STATUSES)[number];

export const DETECTION_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;

export const DETECTION_STATUSES = ['new', 'in_progress', 'closed'] as const;

/** What a closed detection turned out to be; asked for when closing. */
export const DETECTION_RESOLUTIONS = ['true_positive', 'false_positive', 'ignored'] as const;

/** Which sensor version the hosts run: the newest, one or two behind, or a pinned version. */
export const SENSOR_POLICIES = ['latest', 'n-1', 'n-2', 'pinned'] as const;

export const CONTAINMENT_OPERATIONS = ['contain', 'lift'] as const;
export type ContainmentOperation = (typeof CONTAINMENT_OPERATIONS)[number];

/** What the hosts table filters on. */
export const HOST_FILTERS = ['outdated', 'stale'] as const;
export type HostFilter = (typeof HOST_FILTERS)[number];

/** `7.18.18311`: major, minor, build. */
export const SENSOR_VERSION_PATTERN = '^\\d+\\.\\d+\\.\\d+$';

export const ASSIGNEE_MAX = 120;
export const COMMENT_MAX = 2000;
/** Detections one bulk change may name. */
export const DETECTION_BULK_MAX = 200;

/** What the EDR subscription list sorts by (`sort`, `-name` for descending): the column ids. */
export const EDR_LIST_SORTS = ['name', 'kind', 'state', 'children', 'hosts', 'tenant'] as const;
