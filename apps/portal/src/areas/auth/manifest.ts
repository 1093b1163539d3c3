import type { AreaManifest } from '../../kit/area.tsx';

/** Sign-in and account actions: public. */
export const authArea: AreaManifest = {
  id: 'auth',
  routes: [
    { path: 'auth', redirect: '/auth/signin', layout: 'public' },
    {
      path: 'auth/signin',
      load: () => import('./SignInPage.tsx'),
      page: 'SignInPage',
      layout: 'public',
    },
    {
      path: 'auth/forgot',
      load: () => import('./ForgotPasswordPage.tsx'),
      page: 'ForgotPasswordPage',
      layout: 'public',
    },
    {
      path: 'auth/action',
      load: () => import('./ActionPage.tsx'),
      page: 'ActionPage',
      layout: 'public',
    },
  ],
};
