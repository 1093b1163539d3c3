// Networking constants the portal's first paint needs: plain values, without the schema library.

export const NETWORK_STATES = ['creating', 'active', 'updating', 'deleting', 'error'] as const;
export type NetworkState = (typeof NETWORK_STATES)[number];

export const GATEWAY_STATES = ['creating', 'active', 'updating', 'deleting', 'down'] as const;
export type GatewayState = (typeof GATEWAY_STATES)[number];

export const ADDRESS_STATES = ['allocating', 'allocated', 'releasing'] as const;
export type AddressState = (typeof ADDRESS_STATES)[number];

/** Letters and digits first, then also dots, dashes and underscores; a portgroup name. */
export const NETWORK_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]*$';
export const NETWORK_NAME_MAX = 48;
/** Dotted IPv4 address. */
export const IPV4_PATTERN = '^\\d{1,3}(\\.\\d{1,3}){3}$';

/** What the network list sorts by (`sort`, `-name` for descending): the portal's column ids. */
export const NETWORK_LIST_SORTS = ['name', 'cidr', 'vlan', 'location', 'vms', 'state'] as const;
