import type { LxdClient } from './client.ts';

/** One rule of a network ACL; empty strings mean "any". */
export interface LxdAclRule {
  action: 'allow' | 'drop' | 'reject';
  source: string;
  destination: string;
  protocol: '' | 'tcp' | 'udp' | 'icmp4' | 'icmp6';
  destination_port: string;
  description: string;
  state: 'enabled' | 'disabled' | 'logged';
}

export interface LxdAcl {
  name: string;
  description: string;
  ingress: LxdAclRule[];
  egress: LxdAclRule[];
  config: Record<string, string>;
}

const aclPath = (name: string) => `/1.0/network-acls/${encodeURIComponent(name)}`;

/** LXD leaves a rule's empty fields out; here they are empty strings again. */
const EMPTY_RULE = {
  source: '',
  destination: '',
  protocol: '',
  destination_port: '',
  description: '',
} as const;

/** The ACL, or null when LXD has none by that name. */
export async function findAcl(
  client: LxdClient,
  name: string,
  signal?: AbortSignal,
): Promise<LxdAcl | null> {
  const acls = await client.get<LxdAcl[]>('/1.0/network-acls', {
    query: { recursion: '1' },
    signal,
  });
  const acl = acls.find((each) => each.name === name);
  if (!acl) return null;
  const rules = (list: LxdAclRule[] | null) =>
    (list ?? []).map((rule) => ({ ...EMPTY_RULE, ...rule }));
  return {
    ...acl,
    ingress: rules(acl.ingress),
    egress: rules(acl.egress),
    config: acl.config ?? {},
  };
}

export const createAcl = (client: LxdClient, acl: LxdAcl, signal?: AbortSignal) =>
  client.post<null>('/1.0/network-acls', acl, { signal });

/** Replaces the ACL's rules (and description and config) with these. */
export const replaceAcl = (client: LxdClient, acl: LxdAcl, signal?: AbortSignal) =>
  client.put<null>(
    aclPath(acl.name),
    { description: acl.description, ingress: acl.ingress, egress: acl.egress, config: acl.config },
    { signal },
  );

export const deleteAcl = (client: LxdClient, name: string, signal?: AbortSignal) =>
  client.delete<null>(aclPath(name), { signal });
