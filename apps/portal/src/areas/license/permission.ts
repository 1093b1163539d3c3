import type { AreaPermission } from '../../kit/area.tsx';

/** Who may change licences (renewal, pinned seats), and what a role that may only look is told. */
export const LICENSE_PERMISSION: AreaPermission = {
  area: 'license',
  readOnly: 'Your role can view licences but not change them.',
};
