export { Skeleton, SkeletonGroup } from './Skeleton.tsx';
export type { SkeletonGroupProps, SkeletonProps, SkeletonVariant } from './Skeleton.tsx';
