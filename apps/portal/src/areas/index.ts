// Every area of the portal. Adding an area: write its `manifest.ts` and list it here (its routes
// follow), then give it its drawer entry in `layout/nav.ts` and its permission texts.
import type { AreaManifest } from '../kit/area.tsx';
import { accountArea } from './account/manifest.ts';
import { adminArea } from './admin/manifest.ts';
import { authArea } from './auth/manifest.ts';
import { backupArea } from './backup/manifest.ts';
import { computeArea } from './compute/manifest.ts';
import { crowdstrikeArea } from './crowdstrike/manifest.ts';
import { dseriesArea } from './dseries/manifest.ts';
import { legalArea } from './legal/manifest.ts';
import { licenseArea } from './license/manifest.ts';
import { monitoringArea } from './monitoring/manifest.ts';
import { networkingArea } from './networking/manifest.ts';
import { phishingArea } from './phishing-prevention/manifest.ts';
import { storageArea } from './storage/manifest.ts';
import { vwseriesArea } from './vwseries/manifest.ts';

export const AREAS: readonly AreaManifest[] = [
  // public
  authArea,
  legalArea,
  // signed in, in drawer order
  computeArea,
  vwseriesArea,
  dseriesArea,
  backupArea,
  storageArea,
  networkingArea,
  monitoringArea,
  licenseArea,
  crowdstrikeArea,
  phishingArea,
  adminArea,
  // reached from the app bar, not the drawer
  accountArea,
];
