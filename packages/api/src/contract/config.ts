import { Type, type Static } from 'typebox';

/**
 * `GET /api/config`: what the portal needs before it can sign anybody in, so that one build of
 * the portal serves every environment.
 */
export const PublicConfig = Type.Object(
  {
    firebase: Type.Object({
      apiKey: Type.String(),
      authDomain: Type.String(),
      projectId: Type.String(),
    }),
    /** Origin of the Firebase Auth emulator when the server runs against it, else null. */
    authEmulatorUrl: Type.Union([Type.String(), Type.Null()]),
    /**
     * Whether the identity project offers time-based codes (TOTP) as a second factor; an SMS code
     * is always offered. The Auth emulator does not support TOTP.
     */
    totp: Type.Boolean(),
  },
  { $id: 'PublicConfig' },
);
export type PublicConfig = Static<typeof PublicConfig>;

export const Health = Type.Object({
  status: Type.Literal('ok'),
  database: Type.String({ description: 'pglite or postgres' }),
});
export type Health = Static<typeof Health>;
