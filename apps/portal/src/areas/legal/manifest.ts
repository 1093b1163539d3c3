import type { AreaManifest } from '../../kit/area.tsx';

const load = () => import('./index.tsx');

/** The agreement, terms and acceptable-use policy: public. */
export const legalArea: AreaManifest = {
  id: 'legal',
  routes: [
    { path: 'legal/agreement', load, page: 'AgreementPage', layout: 'public' },
    { path: 'legal/terms_ms', load, page: 'TermsPage', layout: 'public' },
    { path: 'legal/aup', load, page: 'AcceptableUsePage', layout: 'public' },
  ],
};
