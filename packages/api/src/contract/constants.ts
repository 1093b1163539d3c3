/** Business constants from the specification's section 9. */
export const API_BASE = '/api';
export const TASK_POLL_INTERVAL_MS = 5000;
export const SNACKBAR_TIMEOUT_MS = 6000;
export const SNACKBAR_RETRY_MS = 100;
export const USER_CACHE_STALE_MS = 5 * 60 * 1000;

export const SUPER_TENANT_CDB_ID = 'UZZ999999';
export const INTERNAL_TENANT_CDB_IDS = ['UZZ999999', 'UZZ999997'] as const;
export const POC_TENANT_CDB_ID = 'UZZ000002';
export const ADMINISTRATOR_ROLE = 'Administrator';

export const NEW_VM_STATUS = 'trial';
export const GRAPH_MIN_ZOOM = 0.5;
export const GRAPH_MAX_ZOOM = 4;
