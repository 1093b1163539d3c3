export { Icon } from './Icon.tsx';
export type { IconProps } from './Icon.tsx';
// The custom icons, each by its own name and all of them as `customIcons`.
export * from './custom/index.ts';
