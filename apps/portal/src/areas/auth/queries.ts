// The auth area's calls: every sign-in, reset and action-code step goes to the identity service.
import { getServices } from '../../services.ts';

/** The identity service (sign-in, password reset, e-mail action codes). */
export const identity = () => getServices().identity;
