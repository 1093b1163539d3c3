import type { FastifyRequest } from 'fastify';
import type { RawData } from 'ws';
import { ConsoleWsQuery } from '@portal/api/contract';
import type { ComputeDriver, ConsoleTarget } from './driver.ts';
import { computeDeps } from './service.ts';
import { redeemTicket } from './console.ts';
import type { AreaRoutes } from '../../platform/area.ts';
import { errorReplies } from '../../platform/schemas.ts';

/** Close codes: 1000 normal; 1011 the console broke. */
const NORMAL = 1000;
const BROKEN = 1011;

const textOf = (data: RawData): string => {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
};

/**
 * The serial console over WebSocket at `/api/console/ws?ticket=…`. Browsers cannot send a bearer
 * header on a WebSocket, so the single-use ticket from `GET …/{id}/console` is the credential; a
 * bad ticket is refused with 401 before the upgrade. Text frames both ways.
 */
const consoleRoutes: AreaRoutes<ComputeDriver> = async (app, { drivers, platform }) => {
  const deps = computeDeps(app.db, drivers, platform.listCache);
  const targets = new WeakMap<FastifyRequest, ConsoleTarget>();

  app.get(
    '/console/ws',
    {
      websocket: true,
      config: { public: true },
      schema: {
        tags: ['compute'],
        summary: "A VM's serial console (WebSocket), opened with a console ticket",
        security: [],
        querystring: ConsoleWsQuery,
        response: errorReplies(400, 401),
      },
      preHandler: async (request) => {
        targets.set(request, await redeemTicket(deps, request.query.ticket));
      },
    },
    (socket, request) => {
      const target = targets.get(request);
      if (!target) {
        socket.close(BROKEN, 'No console');
        return;
      }
      const session = drivers.at(target.location).openConsole(target, {
        send: (text) => {
          if (socket.readyState === socket.OPEN) socket.send(text);
        },
        close: () => socket.close(NORMAL),
      });
      request.log.info({ vm: target.id }, 'console opened');
      socket.on('message', (data) => {
        try {
          session.input(textOf(data));
        } catch (error) {
          request.log.error({ err: error }, 'console input failed');
          socket.close(BROKEN, 'Console error');
        }
      });
      socket.on('close', () => session.close());
    },
  );
};

export default consoleRoutes;
