// The storage area's public surface: its pages, and the VM volumes panel compute shows.
export * from './pages.ts';
/** For the VM detail page (compute loads it lazily). */
export { VmVolumesPanel } from './VmVolumesPanel.tsx';
