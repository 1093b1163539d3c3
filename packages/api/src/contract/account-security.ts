import { Type, type Static } from 'typebox';
import { ClosedObject } from './common.ts';

/** The second factors the identity provider offers: an SMS code, or a time-based code (TOTP). */
export const SecondFactorKind = Type.Union([Type.Literal('phone'), Type.Literal('totp')]);
export type SecondFactorKind = Static<typeof SecondFactorKind>;

/** `GET /account/security`: what the tenant's policy asks of the caller, and what they did. */
export const AccountSecurity = Type.Object(
  {
    second_factor_required: Type.Boolean({
      description: "The caller's tenant requires every user to sign in with a second factor.",
    }),
    signed_in_with_second_factor: Type.Union([SecondFactorKind, Type.Null()], {
      description: 'The second factor of the current sign-in, from the ID token; null if none.',
    }),
  },
  { $id: 'AccountSecurity' },
);
export type AccountSecurity = Static<typeof AccountSecurity>;

/** A tenant's second-factor policy, as the built-in administrator sees and sets it. */
export const TenantSecondFactorPolicy = Type.Object(
  {
    cdb_id: Type.String({ description: 'Tenant code, e.g. UZZ100001.' }),
    name: Type.String(),
    require_second_factor: Type.Boolean(),
  },
  { $id: 'TenantSecondFactorPolicy' },
);
export type TenantSecondFactorPolicy = Static<typeof TenantSecondFactorPolicy>;

/** `PUT /admin/tenants/{cdb_id}/second-factor` */
export const TenantSecondFactorPolicyUpdate = ClosedObject('TenantSecondFactorPolicyUpdate', {
  require_second_factor: Type.Boolean({
    description: 'Whether users of the tenant must sign in with a second factor.',
  }),
});
export type TenantSecondFactorPolicyUpdate = Static<typeof TenantSecondFactorPolicyUpdate>;

export const TenantParams = Type.Object({
  cdb_id: Type.String({
    pattern: '^[A-Z]{3}[0-9]{6}$',
    description: 'Tenant code, e.g. UZZ100001.',
  }),
});
export type TenantParams = Static<typeof TenantParams>;
