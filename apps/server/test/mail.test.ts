import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../../scripts/lib/mail-catcher.mjs';
import { createMailer, MailError, NO_RELAY, relayAddress } from '../src/platform/mail.ts';

const FROM = 'Skyport Cloud <no-reply@portal.test>';

/** A loopback port nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });

describe('the mailer', () => {
  let catcher: MailCatcher;
  beforeAll(async () => {
    catcher = await startMailCatcher();
  });
  afterAll(async () => {
    await catcher.stop();
  });

  it('hands a message to the relay in SMTP_URL, with the configured From by default', async () => {
    const mailer = createMailer({ mail: { smtpUrl: catcher.smtpUrl, from: FROM } });
    try {
      expect(mailer.describe).toBe(`SMTP relay ${catcher.smtpUrl}`);
      const sent = await mailer.send({
        to: 'ops@acme.example',
        subject: 'Monitor down: shop',
        text: 'The shop answers 503.',
        html: '<p>The shop answers <b>503</b>.</p>',
        headers: { 'X-Portal-Kind': 'alert' },
      });
      const caught = await catcher.waitForMessage({ to: 'ops@acme.example' });
      expect(caught).toMatchObject({
        messageId: sent.messageId,
        from: 'no-reply@portal.test',
        to: ['ops@acme.example'],
        subject: 'Monitor down: shop',
        html: '<p>The shop answers <b>503</b>.</p>',
      });
      expect(caught.text.trim()).toBe('The shop answers 503.');
      expect(caught.headers['x-portal-kind']).toBe('alert');

      await mailer.send({
        to: 'b@acme.example',
        from: 'Acme <it@acme.example>',
        subject: 'x',
        text: 'y',
      });
      expect((await catcher.waitForMessage({ to: 'b@acme.example' })).from).toBe('it@acme.example');
    } finally {
      await mailer.close();
    }
  });

  it('refuses with a sentence when no relay is configured, sending nothing', async () => {
    const before = catcher.messages().length;
    const mailer = createMailer({ mail: { smtpUrl: null, from: FROM } });
    expect(mailer.describe).toBe('no mail relay (SMTP_URL is unset)');
    await expect(mailer.send({ to: 'a@acme.example', subject: 's', text: 't' })).rejects.toThrow(
      NO_RELAY,
    );
    expect(catcher.messages()).toHaveLength(before);
  });

  it('says the relay could not be reached, keeping its words apart', async () => {
    const port = await closedPort();
    const mailer = createMailer({ mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM } });
    try {
      const error = await mailer
        .send({ to: 'a@acme.example', subject: 's', text: 't' })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(MailError);
      expect((error as MailError).message).toBe(
        `The mail relay at smtp://127.0.0.1:${port} could not be reached.`,
      );
      expect((error as MailError).detail).toMatch(/ECONNREFUSED/);
    } finally {
      await mailer.close();
    }
  });

  it('stops when the signal is aborted', async () => {
    const mailer = createMailer({ mail: { smtpUrl: catcher.smtpUrl, from: FROM } });
    try {
      const controller = new AbortController();
      controller.abort();
      await expect(
        mailer.send({ to: 'c@acme.example', subject: 's', text: 't' }, controller.signal),
      ).rejects.toThrow('Sending was stopped because the server is stopping.');
    } finally {
      await mailer.close();
    }
  });

  it('never shows the relay password', () => {
    expect(relayAddress('smtp://user:secret@relay.example.com:2525')).toBe(
      'smtp://relay.example.com:2525',
    );
    expect(relayAddress('smtps://user:secret@relay.example.com')).toBe(
      'smtps://relay.example.com:465',
    );
    const mailer = createMailer({
      mail: { smtpUrl: 'smtp://user:secret@relay.example.com', from: FROM },
    });
    expect(mailer.describe).toBe('SMTP relay smtp://relay.example.com:587');
    void mailer.close();
  });
});

describe('the catcher', () => {
  it('serves its messages as JSON and as pages, and can be emptied', async () => {
    const catcher = await startMailCatcher();
    const mailer = createMailer({ mail: { smtpUrl: catcher.smtpUrl, from: FROM } });
    try {
      await mailer.send({ to: 'd@acme.example', subject: 'Hello <there>', text: 'Body' });
      const list = (await (
        await fetch(`${catcher.url}/api/messages?to=d@acme.example`)
      ).json()) as {
        data: Array<{ id: string; subject: string }>;
      };
      expect(list.data.map((m) => m.subject)).toEqual(['Hello <there>']);
      const one = await fetch(`${catcher.url}/api/messages/${list.data[0]?.id}`);
      expect(one.status).toBe(200);
      const pageText = await (await fetch(`${catcher.url}/messages/${list.data[0]?.id}`)).text();
      expect(pageText).toContain('Hello &lt;there&gt;');
      expect((await fetch(`${catcher.url}/api/messages/999`)).status).toBe(404);
      await fetch(`${catcher.url}/api/messages`, { method: 'DELETE' });
      expect(catcher.messages()).toEqual([]);
    } finally {
      await mailer.close();
      await catcher.stop();
    }
  });
});
