import type { AreaPermission } from '../../kit/area.tsx';

/** Who may change networking, and what a role that may only look is told. */
export const NETWORKING_PERMISSION: AreaPermission = {
  area: 'networking',
  readOnly: 'Your role can view networks but not change them.',
};
