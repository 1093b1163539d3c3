import type { Health, PublicConfig } from '@portal/api/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';

/** Healthy when the database answers. */
export async function checkHealth(db: Database): Promise<Health> {
  try {
    await db.query('select 1');
  } catch (cause) {
    throw new HttpError(503, 'The database is not answering. Try again later.', undefined, {
      cause,
    });
  }
  return { status: 'ok', database: db.kind };
}

/** What the portal needs before anybody signs in. */
export function publicConfig(config: Config): PublicConfig {
  return {
    firebase: { ...config.firebase },
    authEmulatorUrl: config.authEmulatorHost ? `http://${config.authEmulatorHost}` : null,
    // The Auth emulator has no TOTP, whatever the setting says.
    totp: config.totp && !config.authEmulatorHost,
  };
}
