import type { AreaPermission } from '../../kit/area.tsx';

/** Who may change vwseries, and what a role that may only look is told. */
export const VWSERIES_PERMISSION: AreaPermission = {
  area: 'vwseries',
  readOnly: 'Your role can view VW-series services but not change them.',
};
