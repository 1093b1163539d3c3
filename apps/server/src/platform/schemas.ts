import { ErrorReply } from '@portal/api/contract';

/** `response` entries for the error statuses a route can answer, all `{ message, field? }`. */
export const errorReplies = <const Codes extends readonly number[]>(...codes: Codes) =>
  Object.fromEntries(codes.map((code) => [code, ErrorReply])) as Record<
    Codes[number],
    typeof ErrorReply
  >;
