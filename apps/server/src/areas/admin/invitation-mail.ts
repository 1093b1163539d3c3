// The invitation e-mail: a plain, branded message with the set-password link and who invited
// them, sent through the one Mailer. A relay that refuses does not undo the invitation: the
// administrator still has the link, and the reply says the e-mail did not go.
import type { AdminUser, InvitationMail } from '@portal/api/contract';
import type { Mailer } from '../../platform/mail.ts';

const PRODUCT = 'Skyport Cloud';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export interface Inviter {
  email: string;
  displayName: string;
}

/** The message: who invited them, to which tenant and role, and the link. */
export function invitationMessage(user: AdminUser, inviter: Inviter, link: string) {
  const who = inviter.displayName ? `${inviter.displayName} (${inviter.email})` : inviter.email;
  const greeting = user.display_name ? `Hello ${user.display_name},` : 'Hello,';
  const lines = [
    greeting,
    '',
    `${who} invited you to the ${PRODUCT} portal, as ${user.role_name} of ${user.tenant_name}.`,
    '',
    'Choose your password to sign in (this also confirms your e-mail address):',
    link,
    '',
    `The link works once. If it has expired, ask ${inviter.email} to send the invitation again.`,
    'If you did not expect this invitation, you can ignore this message.',
    '',
    PRODUCT,
  ];
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#f5f5f5;font:15px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif;color:#1a1a1a">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="background:#1565c0;color:#fff;padding:16px 24px;font-weight:600;font-size:18px">${PRODUCT}</div>
<div style="background:#fff;padding:24px">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(who)} invited you to the ${PRODUCT} portal, as <strong>${escapeHtml(user.role_name)}</strong> of <strong>${escapeHtml(user.tenant_name)}</strong>.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1565c0;color:#fff;padding:10px 18px;text-decoration:none;border-radius:4px">Choose your password</a></p>
<p style="color:#555;font-size:13px">Or open this address: ${escapeHtml(link)}</p>
<p style="color:#555;font-size:13px">The link works once. If it has expired, ask ${escapeHtml(inviter.email)} to send the invitation again. If you did not expect this invitation, you can ignore this message.</p>
</div></div></body></html>`;
  return {
    to: user.email,
    subject: `${inviter.displayName || inviter.email} invited you to ${PRODUCT}`,
    text: lines.join('\n'),
    html,
  };
}

/** Sends the invitation; answers whether it went, in a sentence for the administrator. */
export async function sendInvitation(
  mailer: Mailer,
  user: AdminUser,
  inviter: Inviter,
  link: string,
): Promise<InvitationMail> {
  try {
    await mailer.send(invitationMessage(user, inviter, link));
    return { sent: true, message: `The invitation was e-mailed to ${user.email}.` };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      sent: false,
      message: `The invitation could not be e-mailed (${reason}) Send them the link yourself.`,
    };
  }
}
