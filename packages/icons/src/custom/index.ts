import { iconCloud } from './cloud.ts';
import { iconComputer } from './computer.ts';
import { iconDistroMark } from './distroMark.ts';
import { iconGlobe } from './globe.ts';
import { iconRouter } from './router.ts';
import { iconVendorMark } from './vendorMark.ts';
import { iconWifiLock } from './wifiLock.ts';

export {
  iconCloud,
  iconComputer,
  iconDistroMark,
  iconGlobe,
  iconRouter,
  iconVendorMark,
  iconWifiLock,
};

/** The custom icons by name: SVG path data on the 24-unit grid, usable wherever an `@mdi/js` path is. */
export const customIcons = {
  computer: iconComputer,
  cloud: iconCloud,
  globe: iconGlobe,
  router: iconRouter,
  wifiLock: iconWifiLock,
  vendorMark: iconVendorMark,
  distroMark: iconDistroMark,
} as const;

export type CustomIconName = keyof typeof customIcons;
