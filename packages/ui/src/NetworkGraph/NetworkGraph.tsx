import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  Background,
  BackgroundVariant,
  Controls,
  MarkerType,
  MiniMap,
  ReactFlow,
  useReactFlow,
  useStore,
  type Edge,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { mdiLan } from '@mdi/js';
import { EmptyState } from '../EmptyState/EmptyState.tsx';
import { useControllableState } from '../internal/useControllableState.ts';
import { describeNode, NODE_TYPES, type GraphFlowNode } from './GraphNodes.tsx';
import { Canvas, Root, Toolbar } from './NetworkGraph.styles.ts';
import { NetworkList } from './NetworkList.tsx';
import { Segmented } from '../internal/Segmented.tsx';
import { useColorScheme } from '../internal/useColorScheme.ts';
import {
  fittingMaxRows,
  KIND_LAYER,
  layoutNetwork,
  NODE_HEIGHT,
  NODE_WIDTH,
  type NetworkEdge,
  type NetworkNode,
  type NetworkNodeKind,
} from './layout.ts';

/** Zoom limits of the network graph (specification, constants: "network graph zoom 0.5 to 4"). */
export const GRAPH_MIN_ZOOM = 0.5;
export const GRAPH_MAX_ZOOM = 4;

/**
 * Fits the view again whenever the canvas changes size (a scrollbar going, a drawer closing, a
 * phone turning), until the user has panned or zoomed: the fit at mount alone keeps whatever size
 * the canvas had at that instant.
 */
function RefitOnResize({ userMoved }: { userMoved: { current: boolean } }) {
  const { fitView } = useReactFlow();
  const width = useStore((state) => state.width);
  const height = useStore((state) => state.height);
  useEffect(() => {
    if (!userMoved.current && width > 0 && height > 0) void fitView(FIT_VIEW);
  }, [width, height, fitView, userMoved]);
  return null;
}

/** Graph or its accessible list. */
export type NetworkGraphView = 'graph' | 'list';

const VIEWS = [
  { value: 'graph', label: 'Graph' },
  { value: 'list', label: 'List' },
] as const;

/** Minimap colours by kind, as the node icons' colours. */
const MINIMAP_COLOR: Record<NetworkNodeKind, string> = {
  internet: 'var(--ui-color-info)',
  router: 'var(--ui-color-primary)',
  gateway: 'var(--ui-color-primary)',
  network: 'var(--ui-color-success)',
  vm: 'var(--ui-color-border-strong)',
};

const MINIMAP_WIDTH = 160;
const MINIMAP_HEIGHT = 100;

/**
 * Fit with a small margin: the controls (bottom left) and the minimap (bottom right) float over
 * the corners, and a wide margin for them made a large topology overflow at the minimum zoom.
 */
const FIT_PADDING_PX = 16;
const FIT_VIEW = { padding: `${FIT_PADDING_PX}px`, maxZoom: 1 } as const;

/** The canvas's size in pixels, as it changes (0 × 0 until measured, and where unsupported). */
function useElementSize(element: HTMLElement | null): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      // Whole pixels, so sub-pixel jitter does not lay the graph out again.
      setSize((before) =>
        Math.round(width) === before.width && Math.round(height) === before.height
          ? before
          : { width: Math.round(width), height: Math.round(height) },
      );
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

export interface NetworkGraphProps {
  /** Name of the whole view (a region), e.g. "Network topology of Acme". Required. */
  'aria-label': string;
  /** Internet, routers, gateways, networks and VMs; laid out in that order, left to right. */
  nodes: NetworkNode[];
  /** Connections between nodes, in either direction. */
  edges: NetworkEdge[];
  /** Called when a node is clicked, or Enter is pressed on it, in the graph or the list. */
  onNodeClick?: (node: NetworkNode) => void;
  /** Shown view (controlled). */
  view?: NetworkGraphView;
  /** View at first (uncontrolled); defaults to `graph`. */
  defaultView?: NetworkGraphView;
  /** Called when the user switches between graph and list. */
  onViewChange?: (view: NetworkGraphView) => void;
  /** Height of the graph; any CSS length or px. Defaults to 480. */
  height?: number | string;
  /** Shown instead of the graph when there are no nodes. */
  emptyMessage?: ReactNode;
  className?: string;
}

/**
 * A network topology: internet, routers and gateways, networks and VMs in columns, drawn with
 * React Flow (pan, zoom 0.5–4, controls, minimap), with a "List" view of the same nodes and
 * connections as a table for keyboard and screen-reader users.
 */
export function NetworkGraph({
  'aria-label': ariaLabel,
  nodes,
  edges,
  onNodeClick,
  view: viewProp,
  defaultView = 'graph',
  onViewChange,
  height = 480,
  emptyMessage = 'No routers, networks or virtual machines yet.',
  className,
}: NetworkGraphProps) {
  const [view, setView] = useControllableState<NetworkGraphView>({
    value: viewProp,
    defaultValue: defaultView,
    onChange: onViewChange,
  });
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const colorMode = useColorScheme(root);
  const [canvas, setCanvas] = useState<HTMLElement | null>(null);
  const canvasSize = useElementSize(canvas);
  // Wrap the columns so the whole graph fits the canvas at the largest zoom it can.
  const maxRows = useMemo(
    () =>
      canvasSize.width > 0 && canvasSize.height > 0
        ? fittingMaxRows(nodes, edges, {
            ...canvasSize,
            padding: { x: 2 * FIT_PADDING_PX, y: 2 * FIT_PADDING_PX },
          })
        : undefined,
    [nodes, edges, canvasSize],
  );
  const positions = useMemo(
    () => layoutNetwork(nodes, edges, maxRows === undefined ? {} : { maxRows }),
    [nodes, edges, maxRows],
  );
  const clickable = Boolean(onNodeClick);

  const flowNodes = useMemo<GraphFlowNode[]>(
    () =>
      nodes.map((node) => {
        const { x, y } = positions.get(node.id) ?? { x: 0, y: 0 };
        return {
          id: node.id,
          type: node.kind,
          position: { x, y },
          // Known sizes: the minimap and fitView need them before (and without) measuring.
          width: NODE_WIDTH,
          height: NODE_HEIGHT,
          data: { node, clickable },
          ariaLabel: describeNode(node),
          ariaRole: clickable ? 'button' : 'group',
        };
      }),
    [nodes, positions, clickable],
  );

  const flowEdges = useMemo<Edge[]>(() => {
    const byId = new Map(nodes.map((node) => [node.id, node]));
    return edges.flatMap((edge) => {
      const a = byId.get(edge.source);
      const b = byId.get(edge.target);
      if (!a || !b) return [];
      // Draw from the lower column to the higher one, whichever way the edge was given.
      const [from, to] = KIND_LAYER[a.kind] <= KIND_LAYER[b.kind] ? [a, b] : [b, a];
      return [
        {
          id: edge.id,
          source: from.id,
          target: to.id,
          label: edge.label,
          type: 'smoothstep',
          markerEnd: { type: MarkerType.ArrowClosed, width: 14, height: 14 },
          ariaLabel: `${from.label} to ${to.label}${edge.label ? `, ${edge.label}` : ''}`,
        },
      ];
    });
  }, [nodes, edges]);

  // A new topology (or a new wrapping of it) remounts the flow, so it fits the view again;
  // status updates do not.
  const topologyKey = useMemo(
    () =>
      `${maxRows ?? ''}|${nodes.map((n) => n.id).join(',')}|${edges.map((e) => e.id).join(',')}`,
    [nodes, edges, maxRows],
  );

  const byId = useMemo(() => new Map(nodes.map((node) => [node.id, node])), [nodes]);

  const activateFocusedNode = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!onNodeClick || (event.key !== 'Enter' && event.key !== ' ')) return;
    if (!(event.target instanceof HTMLElement)) return;
    if (!event.target.classList.contains('react-flow__node')) return;
    const node = byId.get(event.target.dataset.id ?? '');
    if (node) onNodeClick(node);
  };

  const empty = nodes.length === 0;
  // Set by a pan or zoom the user makes (programmatic moves come without an event).
  const userMoved = useRef(false);

  return (
    <Root ref={setRoot} aria-label={ariaLabel} className={className}>
      {!empty && (
        <Toolbar>
          <Segmented label="View" options={VIEWS} value={view} onChange={setView} />
        </Toolbar>
      )}
      {empty ? (
        <EmptyState icon={mdiLan} title={emptyMessage} headingLevel={3} />
      ) : view === 'list' ? (
        <NetworkList
          caption={ariaLabel}
          nodes={nodes}
          edges={edges}
          positions={positions}
          onNodeClick={onNodeClick}
        />
      ) : (
        <Canvas ref={setCanvas} style={{ height }}>
          <ReactFlow<GraphFlowNode, Edge>
            key={topologyKey}
            aria-label={`${ariaLabel}: graph`}
            nodes={flowNodes}
            edges={flowEdges}
            nodeTypes={NODE_TYPES}
            colorMode={colorMode}
            minZoom={GRAPH_MIN_ZOOM}
            maxZoom={GRAPH_MAX_ZOOM}
            fitView
            fitViewOptions={FIT_VIEW}
            nodesDraggable={false}
            nodesConnectable={false}
            edgesFocusable={false}
            elementsSelectable={clickable}
            onNodeClick={(_, node) => onNodeClick?.(node.data.node)}
            onKeyDown={activateFocusedNode}
            onMoveStart={(event) => {
              if (event) userMoved.current = true;
            }}
            ariaLabelConfig={{
              'node.a11yDescription.default': clickable
                ? 'Press Enter or Space to open it.'
                : 'Use the list view for every node and its connections.',
              'controls.ariaLabel': 'Zoom controls',
              'minimap.ariaLabel': 'Overview of the whole network',
            }}
          >
            <RefitOnResize userMoved={userMoved} />
            <Background variant={BackgroundVariant.Dots} gap={20} size={1} />
            <Controls showInteractive={false} />
            <MiniMap
              pannable
              zoomable
              nodeColor={(node: GraphFlowNode) => MINIMAP_COLOR[node.data.node.kind]}
              nodeBorderRadius={6}
              style={{ width: MINIMAP_WIDTH, height: MINIMAP_HEIGHT }}
            />
          </ReactFlow>
        </Canvas>
      )}
    </Root>
  );
}
