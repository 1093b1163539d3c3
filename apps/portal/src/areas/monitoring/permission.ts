import type { AreaPermission } from '../../kit/area.tsx';

/** Who may change monitoring, and what a role that may only look is told. */
export const MONITORING_PERMISSION: AreaPermission = {
  area: 'monitoring',
  readOnly: 'Your role can view monitoring but not change it.',
};
