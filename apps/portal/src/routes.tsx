import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { isBuiltinAdministrator, isSuperTenantUser } from '@portal/api/contract';
import { RequireAuth, RequireUser, ValidParams } from './guards.tsx';
import { PARAM_RULES } from './lib/patterns.ts';
import { Booting, Root, clearFetchRequired } from './layout/Root.tsx';
import { MainLayout } from './layout/MainLayout.tsx';

type PageModule = Record<string, ComponentType>;

/** A lazily loaded page: its area's code is fetched only when the route is visited. */
const page = (load: () => Promise<PageModule>, name: string): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const Component = (await load())[name];
    if (!Component) throw new Error(`Page ${name} is missing from its area module`);
    return { Component };
  },
});

const auth = () => import('./areas/auth/index.ts');
const legal = () => import('./areas/legal/index.tsx');
// Compute is the largest area: each page is a chunk of its own, so the list does not download the
// wizard, the detail tabs or the terminal.
const computeList = () => import('./areas/compute/list/index.ts');
const computeCreate = () => import('./areas/compute/create/index.ts');
const computeDetail = () => import('./areas/compute/detail/index.ts');
const computeConsole = () => import('./areas/compute/console/index.ts');
const vwseries = () => import('./areas/vwseries/index.ts');
const dseries = () => import('./areas/dseries/index.ts');
const backup = () => import('./areas/backup/index.ts');
const networking = () => import('./areas/networking/index.ts');
const storage = () => import('./areas/storage/index.ts');
const monitoring = () => import('./areas/monitoring/index.ts');
const license = () => import('./areas/license/index.ts');
const crowdstrike = () => import('./areas/crowdstrike/index.ts');
const phishing = () => import('./areas/phishing-prevention/index.ts');
const admin = () => import('./areas/admin/index.ts');

const numericId = <ValidParams rules={{ id: PARAM_RULES.numeric }} />;

/** The whole route table of the specification's section 2, guards as wrapper elements. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Root />,
    // Runs before every navigation: the specification clears the fetch-required flag there.
    loader: clearFetchRequired,
    shouldRevalidate: () => true,
    hydrateFallbackElement: <Booting />,
    children: [
      {
        path: 'auth',
        children: [
          { index: true, element: <Navigate to="/auth/signin" replace /> },
          { path: 'signin', ...page(auth, 'SignInPage') },
          { path: 'forgot', ...page(auth, 'ForgotPasswordPage') },
          { path: 'action', ...page(auth, 'ActionPage') },
        ],
      },
      { path: 'legal/agreement', ...page(legal, 'AgreementPage') },
      { path: 'legal/terms_ms', ...page(legal, 'TermsPage') },
      { path: 'legal/aup', ...page(legal, 'AcceptableUsePage') },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <MainLayout />,
            children: [
              { index: true, element: <Navigate to="/compute" replace /> },
              { path: 'compute', ...page(computeList, 'ComputeListPage') },
              { path: 'compute/create', ...page(computeCreate, 'ComputeCreatePage') },
              {
                element: numericId,
                children: [{ path: 'compute/:id', ...page(computeDetail, 'ComputeDetailPage') }],
              },
              { path: 'vwseries', ...page(vwseries, 'VwseriesListPage') },
              {
                element: <ValidParams rules={{ serviceid: PARAM_RULES.serviceId }} />,
                children: [
                  { path: 'vwseries/:serviceid', ...page(vwseries, 'VwseriesServicePage') },
                ],
              },
              { path: 'dseries', ...page(dseries, 'DseriesListPage') },
              { path: 'backup', ...page(backup, 'BackupListPage') },
              { path: 'backup/create', ...page(backup, 'BackupCreatePage') },
              {
                element: <ValidParams rules={{ uuid: PARAM_RULES.uuid }} fallback="/backup" />,
                children: [{ path: 'backup/:uuid', ...page(backup, 'BackupTenantPage') }],
              },
              { path: 'networking', ...page(networking, 'NetworkingListPage') },
              { path: 'networking/create', ...page(networking, 'NetworkingCreatePage') },
              { path: 'networking/:id', ...page(networking, 'NetworkingDetailPage') },
              { path: 'storage', ...page(storage, 'StorageListPage') },
              { path: 'storage/create', ...page(storage, 'StorageCreatePage') },
              { path: 'storage/:id', ...page(storage, 'StorageDetailPage') },
              { path: 'monitoring', ...page(monitoring, 'MonitoringListPage') },
              {
                element: <RequireUser allow={isSuperTenantUser} />,
                children: [
                  { path: 'monitoring/create', ...page(monitoring, 'MonitoringCreatePage') },
                ],
              },
              { path: 'license', ...page(license, 'LicenseListPage') },
              { path: 'crowdstrike', ...page(crowdstrike, 'CrowdstrikeListPage') },
              { path: 'crowdstrike/medr/:id', ...page(crowdstrike, 'MedrDetailPage') },
              { path: 'crowdstrike/mssp/:id', ...page(crowdstrike, 'MsspDetailPage') },
              { path: 'phishing-prevention', ...page(phishing, 'PhishingListPage') },
              { path: 'phishing-prevention/:id', ...page(phishing, 'PhishingDetailPage') },
              {
                element: <RequireUser allow={isBuiltinAdministrator} />,
                children: [
                  { path: 'user', ...page(admin, 'UsersPage') },
                  { path: 'role', ...page(admin, 'RolesPage') },
                  { path: 'role/:id', ...page(admin, 'RoleDetailPage') },
                  { path: 'log', ...page(admin, 'AuditLogPage') },
                ],
              },
            ],
          },
          // Console pages sit outside the main layout.
          {
            element: numericId,
            children: [
              { path: 'compute/:id/console', ...page(computeConsole, 'ComputeConsolePage') },
            ],
          },
          {
            element: (
              <ValidParams rules={{ serviceid: PARAM_RULES.serviceId, id: PARAM_RULES.numeric }} />
            ),
            children: [
              {
                path: 'vwseries/:serviceid/:id/console',
                ...page(computeConsole, 'ComputeConsolePage'),
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
