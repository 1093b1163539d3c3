import { mdiAlert, mdiAlertCircle, mdiCheckCircle, mdiInformation } from '@mdi/js';
import type { FeedbackKind } from '../theme/theme.ts';

/** The icon that goes with each feedback kind, so colour is never the only signal. */
export const feedbackIcons: Record<FeedbackKind, string> = {
  success: mdiCheckCircle,
  error: mdiAlertCircle,
  warning: mdiAlert,
  info: mdiInformation,
};
