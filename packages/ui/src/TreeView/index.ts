export { TreeView } from './TreeView.tsx';
export type { TreeViewProps } from './TreeView.tsx';
export type { TreeNode } from './treeModel.ts';
