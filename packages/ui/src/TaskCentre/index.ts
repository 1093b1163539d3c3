export { TaskCentre } from './TaskCentre.tsx';
export type { TaskCentreItem, TaskCentreProps, TaskCentreState } from './TaskCentre.tsx';
