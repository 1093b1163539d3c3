export { Tooltip, TooltipProvider } from './Tooltip.tsx';
export type { TooltipProps, TooltipProviderProps } from './Tooltip.tsx';
