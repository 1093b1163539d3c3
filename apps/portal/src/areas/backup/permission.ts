import type { AreaPermission } from '../../kit/area.tsx';

/** Who may change backup tenants, and what a role that may only look is told. */
export const BACKUP_PERMISSION: AreaPermission = {
  area: 'backup',
  readOnly: 'Your role can view backups but not change them.',
};
