import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import * as RadixTabs from '@radix-ui/react-tabs';
import { Icon } from '@portal/icons';
import { useControllableState } from '../internal/useControllableState.ts';
import { StyledContent, StyledList, StyledTrigger } from './Tabs.styles.ts';

export interface TabsRootProps extends Omit<
  HTMLAttributes<HTMLDivElement>,
  'defaultValue' | 'dir'
> {
  /** The selected tab's `value` (controlled). */
  value?: string;
  /** The tab selected at first (uncontrolled). */
  defaultValue?: string;
  /** Called with the newly selected tab's `value`. */
  onValueChange?: (value: string) => void;
  /**
   * `automatic` (default): arrow keys select the tab they move to. `manual`: arrows move focus
   * only and Enter or Space selects; use it when showing a panel is slow (it loads data).
   */
  activationMode?: 'automatic' | 'manual';
  /** A `Tabs.List` and one `Tabs.Content` per tab. */
  children: ReactNode;
}

function Root({
  value,
  defaultValue = '',
  onValueChange,
  activationMode = 'automatic',
  children,
  ...rest
}: TabsRootProps) {
  const [selected, setSelected] = useControllableState({
    value,
    defaultValue,
    onChange: onValueChange,
  });
  return (
    <RadixTabs.Root
      {...rest}
      value={selected}
      onValueChange={setSelected}
      activationMode={activationMode}
    >
      {children}
    </RadixTabs.Root>
  );
}

export interface TabsListProps extends HTMLAttributes<HTMLDivElement> {
  /** What the tabs switch between ("Virtual machine details"); read out with the tab list. */
  'aria-label'?: string;
  /** The `Tabs.Trigger`s. They scroll sideways when they do not fit (narrow screens). */
  children: ReactNode;
}

const List = forwardRef<HTMLDivElement, TabsListProps>(function TabsList(props, ref) {
  return <StyledList {...props} ref={ref} />;
});

export interface TabsTriggerProps extends Omit<
  HTMLAttributes<HTMLButtonElement>,
  'children' | 'value'
> {
  /** Ties the tab to the `Tabs.Content` with the same value. */
  value: string;
  /** The tab's label. */
  children: ReactNode;
  /** An icon before the label: an `@mdi/js` path. */
  icon?: string;
  /** Skipped by arrow keys and not selectable. */
  disabled?: boolean;
}

const Trigger = forwardRef<HTMLButtonElement, TabsTriggerProps>(function TabsTrigger(
  { icon, children, ...rest },
  ref,
) {
  return (
    <StyledTrigger {...rest} ref={ref}>
      {icon && <Icon path={icon} size={18} />}
      {children}
    </StyledTrigger>
  );
});

export interface TabsContentProps extends Omit<HTMLAttributes<HTMLDivElement>, 'value'> {
  /** The value of the tab that shows this panel. */
  value: string;
  /** The panel's content; mounted only while its tab is selected. */
  children: ReactNode;
}

const Content = forwardRef<HTMLDivElement, TabsContentProps>(function TabsContent(props, ref) {
  return <StyledContent {...props} ref={ref} />;
});

/**
 * Tabs over Radix Tabs: arrow keys, Home and End move between tabs (roving focus), the panel is
 * labelled by its tab, and a long tab row scrolls sideways on narrow screens.
 *
 * ```tsx
 * <Tabs.Root defaultValue="summary">
 *   <Tabs.List aria-label="web-01">
 *     <Tabs.Trigger value="summary">Summary</Tabs.Trigger>
 *     <Tabs.Trigger value="disks">Disks</Tabs.Trigger>
 *   </Tabs.List>
 *   <Tabs.Content value="summary">…</Tabs.Content>
 *   <Tabs.Content value="disks">…</Tabs.Content>
 * </Tabs.Root>
 * ```
 */
export const Tabs = { Root, List, Trigger, Content };
