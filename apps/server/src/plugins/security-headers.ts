import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** The identity service's endpoints the Firebase web SDK calls from the browser. */
export const IDENTITY_ENDPOINTS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
];

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** CSP source expressions (`'sha256-…'`) for the inline scripts of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .map((match) => match[1] ?? '')
    .filter((script) => script.trim() !== '')
    .map((script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
}

// A Host header is the client's to choose: only a plain host[:port] goes into the policy.
const SAFE_HOST = /^[\w.-]+(:\d{1,5})?$|^\[[\da-f:.]+\](:\d{1,5})?$/i;

/** The console WebSocket on this origin, in both schemes; CSP `'self'` does not cover ws: everywhere. */
const webSocketSelf = (request: IncomingMessage) => {
  const host = request.headers.host ?? '';
  return SAFE_HOST.test(host) ? `ws://${host} wss://${host}` : '';
};

export interface SecurityHeadersOptions {
  /** The built portal's index.html, whose inline scripts the policy allows by hash; may be absent. */
  indexHtml: string;
  /** `host:port` of the Auth emulator the browser talks to, or null for the real service. */
  authEmulatorHost: string | null;
}

/**
 * Security headers on every reply, portal and API alike (ADR 020): a strict Content Security
 * Policy, nosniff, no referrer, no framing; and `Cache-Control: no-store` on every `/api` reply,
 * which carries a user's data. Register before anything that may answer.
 */
const securityHeadersPlugin: FastifyPluginAsync<SecurityHeadersOptions> = async (
  app,
  { indexHtml, authEmulatorHost },
) => {
  // Hashed from the very file served, so a change to the boot script can never go stale here.
  const scriptHashes = existsSync(indexHtml)
    ? inlineScriptHashes(readFileSync(indexHtml, 'utf8'))
    : [];
  const identity = authEmulatorHost ? [`http://${authEmulatorHost}`] : IDENTITY_ENDPOINTS;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        scriptSrcAttr: ["'none'"],
        // styled-components injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", ...identity, webSocketSelf],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // Same-origin only; the portal embeds nothing from elsewhere.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? request.url;
    if (path === '/api' || path.startsWith('/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });
};

export default fp(securityHeadersPlugin, { name: 'security-headers', fastify: '5.x' });
