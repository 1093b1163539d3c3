export { Tabs } from './Tabs.tsx';
export type { TabsContentProps, TabsListProps, TabsRootProps, TabsTriggerProps } from './Tabs.tsx';
