export { Icon } from './Icon.tsx';
export type { IconProps } from './Icon.tsx';
export {
  customIcons,
  iconCloud,
  iconComputer,
  iconDistroMark,
  iconGlobe,
  iconRouter,
  iconVendorMark,
  iconWifiLock,
} from './custom/index.ts';
export type { CustomIconName } from './custom/index.ts';
