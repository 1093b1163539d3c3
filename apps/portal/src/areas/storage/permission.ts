import type { AreaPermission } from '../../kit/area.tsx';

/** Who may change storage, and what a role that may only look is told. */
export const STORAGE_PERMISSION: AreaPermission = {
  area: 'storage',
  readOnly: 'Your role can view storage but not change it.',
};
