import { Alert, KeyValue } from '@portal/ui';

/** The router state key the wizard hands the new monitor's webhook secret to its page under. */
export const WEBHOOK_SECRET = 'webhookSecret';

/** The webhooks' signing secret, shown this once: the portal never shows it again. */
export function WebhookSecret({ secret }: { secret: string }) {
  return (
    <>
      <Alert kind="info" title="The webhook signing secret">
        Copy the webhook signing secret now: it is shown only this once. Each alert is posted with
        an X-Portal-Signature header, t=time,v1=HMAC-SHA256 of &quot;time.body&quot; with this
        secret, so the receiver can tell it came from the portal.
      </Alert>
      <KeyValue
        items={[
          {
            label: 'Webhook signing secret',
            value: secret,
            mono: true,
            copyable: true,
            copyLabel: 'Copy the webhook signing secret',
          },
        ]}
      />
    </>
  );
}
