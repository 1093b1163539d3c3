import type { ReactNode } from 'react';
import { mdiClose } from '@mdi/js';
import { Icon } from '@portal/icons';
import { IconButton } from '../IconButton/IconButton.tsx';
import { feedbackIcons } from '../internal/feedbackIcons.ts';
import type { FeedbackKind } from '../theme/theme.ts';
import { Message, Root } from './Snackbar.styles.ts';

export interface SnackbarProps {
  /** Shown or not. Timing (auto-hide) belongs to the caller. */
  open: boolean;
  /** The message. */
  message: ReactNode;
  /** `success`, `error`, `warning` or `info` (default): fill colour and icon. */
  color?: FeedbackKind;
  /** Called by the close button; without it there is no close button. */
  onClose?: () => void;
  /** Accessible name of the close button; defaults to "Dismiss". */
  closeLabel?: string;
  className?: string;
}

/**
 * A transient message at the top right, under the app bar. Presentational: the caller owns `open` and the timer.
 * Errors are announced at once (`role="alert"`), other kinds politely (`role="status"`).
 */
export function Snackbar({
  open,
  message,
  color = 'info',
  onClose,
  closeLabel = 'Dismiss',
  className,
}: SnackbarProps) {
  if (!open) return null;
  return (
    <Root role={color === 'error' ? 'alert' : 'status'} data-color={color} className={className}>
      <Icon path={feedbackIcons[color]} size={20} />
      <Message>{message}</Message>
      {onClose && (
        <IconButton
          icon={mdiClose}
          aria-label={closeLabel}
          title={closeLabel}
          size="small"
          onClick={onClose}
        />
      )}
    </Root>
  );
}
