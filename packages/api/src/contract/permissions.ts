import { Type, type Static } from 'typebox';

/** `read` sees an area; `manage` also changes things in it. */
export const PermissionLevel = Type.Union([Type.Literal('read'), Type.Literal('manage')]);
export type PermissionLevel = Static<typeof PermissionLevel>;

/** A role's permissions, area by area; an area that is absent is not accessible. */
export const Permissions = Type.Partial(
  Type.Object({
    compute: PermissionLevel,
    vwseries: PermissionLevel,
    backup: PermissionLevel,
    networking: PermissionLevel,
    storage: PermissionLevel,
    monitoring: PermissionLevel,
    license: PermissionLevel,
    crowdstrike: PermissionLevel,
    'phishing-prevention': PermissionLevel,
  }),
  { $id: 'Permissions' },
);
export type Permissions = Static<typeof Permissions>;
