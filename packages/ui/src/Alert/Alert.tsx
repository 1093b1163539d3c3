import type { HTMLAttributes, ReactNode } from 'react';
import { Icon } from '@portal/icons';
import { feedbackIcons } from '../internal/feedbackIcons.ts';
import type { FeedbackKind } from '../theme/theme.ts';
import { Action, Body, Root, Title } from './Alert.styles.ts';

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** `success`, `error`, `warning` or `info` (default): colours and icon. */
  kind?: FeedbackKind;
  /** An optional bold first line. */
  title?: ReactNode;
  /** The message. */
  children?: ReactNode;
  /** A control at the end, such as a retry button. */
  action?: ReactNode;
}

/**
 * An inline message box, for example a form's failure above its fields. Errors are announced at
 * once (`role="alert"`), other kinds politely (`role="status"`); pass `role` to change that.
 */
export function Alert({ kind = 'info', title, children, action, ...rest }: AlertProps) {
  return (
    <Root role={kind === 'error' ? 'alert' : 'status'} {...rest} data-kind={kind}>
      <Icon path={feedbackIcons[kind]} size={20} />
      <Body>
        {title && <Title>{title}</Title>}
        {children}
      </Body>
      {action && <Action>{action}</Action>}
    </Root>
  );
}
