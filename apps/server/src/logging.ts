import type { FastifyServerOptions } from 'fastify';
import { PinoPretty } from 'pino-pretty';
import type { Config } from './config.ts';

/** Query parameters whose values are credentials (the console WebSocket's single-use ticket). */
const SECRET_QUERY = /([?&](?:ticket|token|access_token|key|oobCode)=)[^&#]*/gi;

/** The URL as it may appear in a log: credential values in the query string replaced. */
export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The server's logger: pretty, coloured lines for a person at a terminal (`LOG_FORMAT=pretty`, or
 * unset and stdout is a TTY), JSON lines otherwise. A request is logged as method, URL (without
 * credentials), host and address: never its headers (tokens, cookies) or its body.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  {
    stream,
    isTTY = process.stdout.isTTY === true,
  }: { stream?: { write(line: string): void }; isTTY?: boolean } = {},
): NonNullable<FastifyServerOptions['logger']> {
  const pretty = config.logFormat === 'pretty' || (config.logFormat === null && isTTY);
  const destination =
    stream ??
    (pretty
      ? PinoPretty({
          colorize: isTTY,
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname',
          sync: true,
        })
      : undefined);
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.body',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(destination ? { stream: destination } : {}),
  };
}
