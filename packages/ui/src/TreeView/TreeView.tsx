import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { mdiAlertCircleOutline, mdiChevronRight } from '@mdi/js';
import { Icon } from '@portal/icons';
import { Button } from '../Button/Button.tsx';
import { SpinnerGraphic } from '../internal/SpinnerGraphic.tsx';
import { useControllableState } from '../internal/useControllableState.ts';
import {
  Badge,
  Description,
  Empty,
  ErrorText,
  Group,
  Item,
  Label,
  NodeIcon,
  Row,
  Text,
  Toggle,
  Tree,
} from './TreeView.styles.ts';
import {
  buildTreeModel,
  findByTypeahead,
  type LazyState,
  type TreeNode,
  type VisibleItem,
} from './treeModel.ts';

/** Type-ahead letters typed within this many ms form one query. */
const TYPEAHEAD_RESET_MS = 500;

export interface TreeViewProps extends Omit<
  HTMLAttributes<HTMLUListElement>,
  'children' | 'onSelect' | 'defaultValue'
> {
  /** Accessible name of the tree, e.g. "Snapshots of web-01". Required. */
  'aria-label': string;
  /** The top-level nodes. */
  nodes: TreeNode[];
  /** Ids of the expanded nodes (controlled). */
  expanded?: string[];
  /** Ids expanded at first (uncontrolled). */
  defaultExpanded?: string[];
  /** Called with the new list of expanded ids on every expand or collapse. */
  onExpandedChange?: (expanded: string[]) => void;
  /** Id of the selected node, `null` for none (controlled). */
  selected?: string | null;
  /** Id selected at first (uncontrolled). */
  defaultSelected?: string | null;
  /** Called when the user selects a node (click, Enter or Space). */
  onSelectedChange?: (id: string, node: TreeNode) => void;
  /**
   * Fetches the children of a node with `hasChildren` on its first expand. A loading row shows
   * meanwhile; a rejection shows an error row with a retry button.
   */
  loadChildren?: (node: TreeNode) => Promise<TreeNode[]>;
  /** Shown instead of the tree when `nodes` is empty. */
  emptyMessage?: ReactNode;
}

const NO_LAZY: LazyState = { loaded: {}, errors: {} };

/**
 * A hierarchical list (WAI-ARIA tree pattern) with single selection: arrows move, Right and Left
 * expand and collapse, Home and End jump, typing a label's first letters finds it, Enter or Space
 * selects, `*` expands all siblings. One item is in the tab order (roving tabindex).
 */
export function TreeView({
  nodes,
  expanded: expandedProp,
  defaultExpanded = [],
  onExpandedChange,
  selected: selectedProp,
  defaultSelected = null,
  onSelectedChange,
  loadChildren,
  emptyMessage = 'Nothing to show.',
  className,
  onKeyDown,
  ...rest
}: TreeViewProps) {
  const [expanded, setExpanded] = useControllableState<string[]>({
    value: expandedProp,
    defaultValue: defaultExpanded,
    onChange: onExpandedChange,
  });
  const [selected, setSelected] = useControllableState<string | null>({
    value: selectedProp,
    defaultValue: defaultSelected,
  });
  const [lazy, setLazy] = useState<LazyState>(NO_LAZY);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const items = useRef(new Map<string, HTMLDivElement>());
  const inFlight = useRef(new Set<string>());
  const typeahead = useRef<{ query: string; timer: ReturnType<typeof setTimeout> | undefined }>({
    query: '',
    timer: undefined,
  });

  const expandedSet = useMemo(() => new Set(expanded), [expanded]);
  const model = useMemo(
    () => buildTreeModel(nodes, expandedSet, lazy, Boolean(loadChildren)),
    [nodes, expandedSet, lazy, loadChildren],
  );

  // Fetch the children of expanded lazy nodes; the loading row is derived, so nothing is set here
  // until the promise settles.
  useEffect(() => {
    if (!loadChildren) return;
    for (const node of model.pending) {
      if (inFlight.current.has(node.id)) continue;
      inFlight.current.add(node.id);
      loadChildren(node).then(
        (children) => {
          inFlight.current.delete(node.id);
          setLazy((s) => ({ ...s, loaded: { ...s.loaded, [node.id]: children } }));
        },
        (error: unknown) => {
          inFlight.current.delete(node.id);
          const message = error instanceof Error && error.message ? error.message : '';
          setLazy((s) => ({ ...s, errors: { ...s.errors, [node.id]: message } }));
        },
      );
    }
  }, [model.pending, loadChildren]);

  useEffect(() => {
    const state = typeahead.current;
    return () => clearTimeout(state.timer);
  }, []);

  // The one tabbable item: the focused one if still visible, else its nearest visible ancestor,
  // else the selected one, else the first.
  let activeId: string | undefined;
  for (let id: string | null | undefined = focusedId; id != null; id = model.parentOf.get(id)) {
    if (model.byId.has(id)) {
      activeId = id;
      break;
    }
  }
  if (activeId === undefined && selected !== null && model.byId.has(selected)) activeId = selected;
  activeId ??= model.visible[0]?.node.id;

  const focusItem = useCallback((id: string) => {
    setFocusedId(id);
    items.current.get(id)?.focus();
  }, []);

  const setNodeExpanded = (ids: string[], open: boolean) => {
    const next = new Set(expanded);
    for (const id of ids) {
      if (open) next.add(id);
      else next.delete(id);
    }
    if (ids.some((id) => expandedSet.has(id) !== open)) setExpanded([...next]);
  };

  const select = (item: VisibleItem) => {
    setSelected(item.node.id);
    onSelectedChange?.(item.node.id, item.node);
  };

  const retry = (id: string) => {
    setLazy((s) => {
      const errors = { ...s.errors };
      delete errors[id];
      return { ...s, errors };
    });
  };

  const typeAhead = (char: string, index: number) => {
    const state = typeahead.current;
    clearTimeout(state.timer);
    state.query += char;
    state.timer = setTimeout(() => {
      state.query = '';
    }, TYPEAHEAD_RESET_MS);
    const match = findByTypeahead(model.visible, index, state.query);
    if (match) focusItem(match.node.id);
    return true;
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    onKeyDown?.(event);
    // Only keys pressed on a tree item: a retry button inside the tree keeps its own keys.
    if (event.defaultPrevented || !(event.target instanceof HTMLElement)) return;
    if (event.target.getAttribute('role') !== 'treeitem') return;
    const current = activeId === undefined ? undefined : model.byId.get(activeId);
    if (!current) return;
    const index = model.visible.indexOf(current);
    const go = (item: VisibleItem | undefined) => item && focusItem(item.node.id);
    let handled = true;

    switch (event.key) {
      case 'ArrowDown':
        go(model.visible[index + 1]);
        break;
      case 'ArrowUp':
        go(model.visible[index - 1]);
        break;
      case 'Home':
        go(model.visible[0]);
        break;
      case 'End':
        go(model.visible.at(-1));
        break;
      case 'ArrowRight':
        if (current.expandable && !current.expanded) setNodeExpanded([current.node.id], true);
        else if (current.expanded && current.children?.[0]) focusItem(current.children[0].id);
        break;
      case 'ArrowLeft':
        if (current.expanded) setNodeExpanded([current.node.id], false);
        else if (current.parentId !== null) focusItem(current.parentId);
        break;
      case 'Enter':
      case ' ':
        select(current);
        break;
      case '*': {
        const siblings = model.visible.filter(
          (item) => item.parentId === current.parentId && item.expandable,
        );
        setNodeExpanded(
          siblings.map((item) => item.node.id),
          true,
        );
        break;
      }
      default:
        handled =
          event.key.length === 1 &&
          !event.ctrlKey &&
          !event.metaKey &&
          !event.altKey &&
          typeAhead(event.key, index);
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  const handleFocus = (event: FocusEvent<HTMLDivElement>, id: string) => {
    if (event.target === event.currentTarget) setFocusedId(id);
  };

  if (nodes.length === 0) return <Empty className={className}>{emptyMessage}</Empty>;

  const renderItems = (list: readonly TreeNode[]): ReactNode =>
    list.map((node) => {
      const item = model.byId.get(node.id);
      if (!item) return null;
      const { level, expandable, expanded: isOpen, children, load } = item;
      return (
        // The treeitem holds its own row and messages, its group is a sibling: its name (from its
        // text) then never takes in its children's, and the retry button stays inside a treeitem.
        <li key={node.id} role="none">
          <Item
            ref={(element) => {
              if (element) items.current.set(node.id, element);
              else items.current.delete(node.id);
            }}
            role="treeitem"
            aria-level={level}
            aria-setsize={item.setsize}
            aria-posinset={item.posinset}
            aria-expanded={expandable ? isOpen : undefined}
            aria-selected={selected === node.id}
            aria-busy={load === 'loading' || undefined}
            tabIndex={node.id === activeId ? 0 : -1}
            onFocus={(event) => handleFocus(event, node.id)}
          >
            <Row
              $level={level}
              onClick={() => {
                focusItem(node.id);
                select(item);
              }}
            >
              <Toggle
                aria-hidden="true"
                data-expanded={isOpen}
                onClick={(event) => {
                  if (!expandable) return;
                  event.stopPropagation();
                  focusItem(node.id);
                  setNodeExpanded([node.id], !isOpen);
                }}
              >
                {expandable && <Icon path={mdiChevronRight} size={18} />}
              </Toggle>
              {node.icon && (
                <NodeIcon>
                  <Icon path={node.icon} size={20} />
                </NodeIcon>
              )}
              {/* The spaces keep the words of the name (this text) apart, as they are on screen. */}
              <Text>
                <Label>{node.label}</Label>
                {node.description && (
                  <>
                    {' '}
                    <Description>{node.description}</Description>
                  </>
                )}
              </Text>
              {node.badge && (
                <>
                  {' '}
                  <Badge>{node.badge}</Badge>
                </>
              )}
            </Row>
            {isOpen && load === 'loading' && (
              <Row $level={level + 1} data-state="message" role="status">
                <Toggle />
                <SpinnerGraphic size={18} />
                Loading…
              </Row>
            )}
            {isOpen && load === 'error' && (
              <Row $level={level + 1} data-state="message">
                <Toggle />
                <NodeIcon>
                  <Icon path={mdiAlertCircleOutline} size={20} color="currentColor" />
                </NodeIcon>
                <Text role="alert">
                  <ErrorText>
                    {lazy.errors[node.id] || `Could not load the contents of ${node.label}.`}
                  </ErrorText>
                </Text>
                <Button
                  size="small"
                  variant="text"
                  aria-label={`Retry loading ${node.label}`}
                  onClick={() => retry(node.id)}
                >
                  Retry
                </Button>
              </Row>
            )}
          </Item>
          {isOpen && children && children.length > 0 && (
            <Group role="group">{renderItems(children)}</Group>
          )}
        </li>
      );
    });

  return (
    <Tree {...rest} role="tree" className={className} onKeyDown={handleKeyDown}>
      {renderItems(nodes)}
    </Tree>
  );
}
