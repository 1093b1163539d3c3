// Sends requests from a process of its own, so that a test measures only the server's time:
// reads `{ base, requests }` as JSON on stdin, sends the requests at once while asking for
// `/api/health` one after another until they are answered, and writes the replies on stdout.
// The requests go one after another, so that the server's time for each is its own.
import { text } from 'node:stream/consumers';

export interface OutsideRequest {
  probe: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface OutsideReply {
  probe: string;
  status: number;
  body: unknown;
}

export interface OutsideResult {
  replies: OutsideReply[];
  /** Status of every health check sent while the requests were under way. */
  health: number[];
}

const { base, requests } = JSON.parse(await text(process.stdin)) as {
  base: string;
  requests: OutsideRequest[];
};

let finished = false;
const send = async ({ probe, method, path, headers, body }: OutsideRequest) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, 'x-probe': probe },
    ...(body === undefined ? {} : { body }),
  });
  return { probe, status: response.status, body: (await response.json()) as unknown };
};
const sent = (async () => {
  const replies: OutsideReply[] = [];
  for (const request of requests) replies.push(await send(request));
  return replies;
})().finally(() => (finished = true));

const health: number[] = [];
while (!finished) {
  const response = await fetch(`${base}/api/health`);
  await response.arrayBuffer();
  health.push(response.status);
}
const result: OutsideResult = { replies: await sent, health };
process.stdout.write(JSON.stringify(result));
