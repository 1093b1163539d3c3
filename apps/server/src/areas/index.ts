// Every area of the server, each described once by its own index.ts. The server is composed
// from this list: adding an area is its folder plus one line here. The order is the demo data's:
// the platforms that start from their own records (endpoint security, backup) come before
// compute, and those built on the demo VMs after it.
import type { Area } from '../platform/area.ts';
import { accountArea } from './account/index.ts';
import { adminArea } from './admin/index.ts';
import { backupArea } from './backup/index.ts';
import { computeArea } from './compute/index.ts';
import { crowdstrikeArea } from './crowdstrike/index.ts';
import { dseriesArea } from './dseries/index.ts';
import { licenseArea } from './license/index.ts';
import { monitoringArea } from './monitoring/index.ts';
import { networkingArea } from './networking/index.ts';
import { phishingArea } from './phishing/index.ts';
import { storageArea } from './storage/index.ts';
import { vwseriesArea } from './vwseries/index.ts';

export const AREAS: readonly Area[] = [
  accountArea,
  adminArea,
  crowdstrikeArea,
  backupArea,
  vwseriesArea,
  dseriesArea,
  computeArea,
  storageArea,
  networkingArea,
  monitoringArea,
  licenseArea,
  phishingArea,
];
