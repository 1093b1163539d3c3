import type { AreaPermission } from '../../kit/area.tsx';

/** Who may change endpoint security, and what a role that may only look is told. */
export const CROWDSTRIKE_PERMISSION: AreaPermission = {
  area: 'crowdstrike',
  readOnly: 'Your role can view endpoint security but not change it.',
};
