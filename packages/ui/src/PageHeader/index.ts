export { PageHeader } from './PageHeader.tsx';
export type { PageHeaderCrumb, PageHeaderProps } from './PageHeader.tsx';
