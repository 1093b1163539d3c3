import type { AreaManifest } from '../../kit/area.tsx';

const load = () => import('./index.ts');

/** Sign-in and account actions: public. */
export const authArea: AreaManifest = {
  id: 'auth',
  routes: [
    { path: 'auth', redirect: '/auth/signin', layout: 'public' },
    { path: 'auth/signin', load, page: 'SignInPage', layout: 'public' },
    { path: 'auth/forgot', load, page: 'ForgotPasswordPage', layout: 'public' },
    { path: 'auth/action', load, page: 'ActionPage', layout: 'public' },
  ],
};
