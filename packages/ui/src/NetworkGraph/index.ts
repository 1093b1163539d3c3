export { GRAPH_MAX_ZOOM, GRAPH_MIN_ZOOM, NetworkGraph } from './NetworkGraph.tsx';
export type { NetworkGraphProps, NetworkGraphView } from './NetworkGraph.tsx';
export { layoutNetwork } from './layout.ts';
export type {
  LayoutOptions,
  NetworkEdge,
  NetworkNode,
  NetworkNodeKind,
  NetworkNodeStatus,
  NodePosition,
} from './layout.ts';
