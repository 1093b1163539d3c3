/** Route parameter rules of the specification (sections 2 and 5). */
export const PARAM_RULES = {
  /** VM ids and console ids: digits only. */
  numeric: /^\d+$/,
  /** A vwseries service id: three word characters, then six digits. */
  serviceId: /^\w{3}\d{6}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
} as const;

/** Only same-site paths may be returned to after sign-in (no `//host` or absolute URLs). */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return fallback;
  if (target.startsWith('/auth')) return fallback;
  return target;
}

export const signInPathFor = (pathname: string, search = '') =>
  `/auth/signin?redirect=${encodeURIComponent(pathname + search)}`;
