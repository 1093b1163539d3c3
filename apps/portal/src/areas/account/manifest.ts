import type { AreaManifest } from '../../kit/area.tsx';

const load = () => import('./index.ts');

/** The signed-in user's own account: who they are, their password and second factors. */
export const accountArea: AreaManifest = {
  id: 'account',
  routes: [
    { path: 'account', load, page: 'AccountPage' },
    // Outside the main layout: a user who must enrol a second factor can do nothing else yet.
    { path: 'account/second-factor', load, page: 'SecondFactorEnrolPage', layout: 'bare' },
  ],
};
