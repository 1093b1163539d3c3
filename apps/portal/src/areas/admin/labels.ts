import type { AdminUser } from '@portal/api/contract';

/** How each state of a user shows (status chip colour and icon, and the word). */
export const USER_STATE_LOOK: Record<AdminUser['state'], { status: string; label: string }> = {
  active: { status: 'success', label: 'Active' },
  invited: { status: 'info', label: 'Invited' },
  disabled: { status: 'neutral', label: 'Disabled' },
};
