// A local mail catcher for `npm start`, the end-to-end tests and the server tests: an SMTP server
// (nodemailer's smtp-server) that keeps every message in memory, parsed by mailparser, and a tiny
// HTTP side on loopback to read them: JSON for tests, two plain pages for a person (ADR 024).
// Nothing is relayed anywhere.
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const HOST = '127.0.0.1';
const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

const addresses = (field) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) =>
    group.value.map((entry) => entry.address ?? ''),
  );

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1a1a1a}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #ddd}
iframe{width:100%;height:32rem;border:1px solid #ccc}pre{white-space:pre-wrap}.meta{color:#555}</style>
</head><body>${body}</body></html>`;
}

/**
 * Starts the catcher on loopback. `smtpPort`/`httpPort` 0 pick free ports.
 * @param {{ smtpPort?: number, httpPort?: number, maxMessages?: number }} [options]
 */
export async function startMailCatcher({ smtpPort = 0, httpPort = 0, maxMessages = 1000 } = {}) {
  /** @type {Array<import('./mail-catcher.d.mts').CaughtMessage>} */
  const messages = [];
  const waiters = new Set();
  let nextId = 1;

  const smtp = new SMTPServer({
    // Loopback only, no TLS and no accounts: it is a catcher, not a relay.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: MAX_MESSAGE_BYTES,
    banner: 'portal mail catcher',
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const message = {
            id: String(nextId++),
            messageId: parsed.messageId ?? '',
            from: addresses(parsed.from)[0] ?? session.envelope.mailFrom?.address ?? '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            date: (parsed.date ?? new Date()).toISOString(),
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: Object.fromEntries(
              [...parsed.headerLines].map((line) => [
                line.key,
                line.line.slice(line.line.indexOf(':') + 1).trim(),
              ]),
            ),
          };
          messages.push(message);
          if (messages.length > maxMessages) messages.shift();
          for (const waiter of waiters) waiter();
          callback();
        })
        .catch((error) => callback(error));
    },
  });
  await new Promise((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(smtpPort, HOST, () => {
      smtp.off('error', reject);
      resolve(undefined);
    });
  });
  const smtpAddress = smtp.server.address();

  const find = (query) =>
    messages.filter(
      (message) =>
        (!query.to || message.to.some((to) => to.toLowerCase() === query.to.toLowerCase())) &&
        (!query.subject || message.subject.includes(query.subject)),
    );

  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${HOST}`);
    const json = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    const html = (status, body) => {
      response.writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        // The messages' own HTML shows in a sandboxed frame without scripts.
        'content-security-policy':
          "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-src 'self'",
      });
      response.end(body);
    };
    const byId = /^\/(api\/)?messages\/(\d+)$/.exec(url.pathname);
    if (request.method === 'DELETE' && url.pathname === '/api/messages') {
      messages.length = 0;
      return json(200, { data: [] });
    }
    if (request.method !== 'GET') return json(405, { message: 'Only GET and DELETE are offered.' });
    if (url.pathname === '/api/messages') {
      return json(200, {
        data: find({ to: url.searchParams.get('to'), subject: url.searchParams.get('subject') }),
      });
    }
    if (byId) {
      const message = messages.find((m) => m.id === byId[2]);
      if (!message) {
        return byId[1]
          ? json(404, { message: `No message ${byId[2]}.` })
          : html(404, page('Not found', '<p>No such message. <a href="/">All messages</a></p>'));
      }
      if (byId[1]) return json(200, { data: message });
      const frame = message.html
        ? `<h2>HTML</h2><iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(
            `<base target="_blank">${message.html}`,
          )}"></iframe>`
        : '';
      return html(
        200,
        page(
          message.subject,
          `<p><a href="/">← All messages</a></p><h1>${escapeHtml(message.subject)}</h1>
<p class="meta">From ${escapeHtml(message.from)} to ${escapeHtml(message.to.join(', '))}, ${escapeHtml(message.date)}</p>
${frame}<h2>Text</h2><pre>${escapeHtml(message.text)}</pre>`,
        ),
      );
    }
    if (url.pathname === '/') {
      const rows = [...messages]
        .reverse()
        .map(
          (m) =>
            `<tr><td>${escapeHtml(m.date)}</td><td>${escapeHtml(m.to.join(', '))}</td><td><a href="/messages/${m.id}">${escapeHtml(m.subject || '(no subject)')}</a></td></tr>`,
        )
        .join('');
      return html(
        200,
        page(
          'Mail catcher',
          `<h1>Mail caught on this machine</h1><p class="meta">${messages.length} message(s); newest first. Reload to see new mail.</p>
<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`,
        ),
      );
    }
    return json(404, { message: 'Not found.' });
  });
  await new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(httpPort, HOST, () => {
      http.off('error', reject);
      resolve(undefined);
    });
  });
  const httpAddress = http.address();

  return {
    smtpUrl: `smtp://${HOST}:${smtpAddress.port}`,
    url: `http://${HOST}:${httpAddress.port}`,
    messages: (query = {}) => find(query),
    clear: () => {
      messages.length = 0;
    },
    /** Resolves with the first message that matches, waiting for it up to `timeoutMs`. */
    waitForMessage(query = {}, { timeoutMs = 10_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find(query)[0];
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`No mail matching ${JSON.stringify(query)} arrived in ${timeoutMs} ms.`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async stop() {
      http.closeAllConnections?.();
      await Promise.all([
        new Promise((resolve) => http.close(() => resolve(undefined))),
        new Promise((resolve) => smtp.close(() => resolve(undefined))),
      ]);
    },
  };
}
