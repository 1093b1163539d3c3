import { pagesIn, type AreaManifest } from '../../kit/area.tsx';

const page = pagesIn(import.meta.glob('./*Page.tsx'));

/** Sign-in and account actions: public. */
export const authArea: AreaManifest = {
  id: 'auth',
  routes: [
    { path: 'auth', redirect: '/auth/signin', layout: 'public' },
    { path: 'auth/signin', ...page('SignInPage'), layout: 'public' },
    { path: 'auth/forgot', ...page('ForgotPasswordPage'), layout: 'public' },
    { path: 'auth/action', ...page('ActionPage'), layout: 'public' },
  ],
};
