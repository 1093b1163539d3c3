import type { AreaPermission } from '../../kit/area.tsx';

/** Who may change compute, and what a role that may only look is told. */
export const COMPUTE_PERMISSION: AreaPermission = {
  area: 'compute',
  readOnly: 'Your role can view virtual machines but not change them.',
};
