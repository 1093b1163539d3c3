import type { AreaPermission } from '../../kit/area.tsx';

/** Who may change phishing prevention, and what a role that may only look is told. */
export const PHISHING_PERMISSION: AreaPermission = {
  area: 'phishing-prevention',
  readOnly: 'Your role can view phishing prevention but not change it.',
};
