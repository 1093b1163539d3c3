import { Handle, Position, type Node, type NodeProps, type NodeTypes } from '@xyflow/react';
import { mdiLan } from '@mdi/js';
import { Icon, iconComputer, iconGlobe, iconRouter } from '@portal/icons';
import {
  Card,
  CardLabel,
  CardSub,
  CardText,
  KindIcon,
  Status,
  StatusDot,
} from './NetworkGraph.styles.ts';
import { KIND_LABEL, type NetworkNode, type NetworkNodeKind } from './layout.ts';

/** What a React Flow node carries: our node, and whether clicking it does something. */
export type GraphNodeData = { node: NetworkNode; clickable: boolean };
export type GraphFlowNode = Node<GraphNodeData, NetworkNodeKind>;

/** The icon of each kind (globe, router, LAN, computer). */
export const KIND_ICON: Record<NetworkNodeKind, string> = {
  internet: iconGlobe,
  router: iconRouter,
  gateway: iconRouter,
  network: mdiLan,
  vm: iconComputer,
};

/**
 * How a screen reader names a node: its visible text first, in the order shown (a name must
 * contain what a speech user sees), then its kind where no text shows it: "web-01, 10.0.1.4,
 * running, virtual machine".
 */
export const describeNode = (node: NetworkNode) => {
  const kind = KIND_LABEL[node.kind].toLowerCase();
  const shown = [node.label, node.kind === 'gateway' ? kind : undefined, node.sublabel];
  const parts = [...shown, node.status?.label.toLowerCase()].filter(Boolean);
  if (!parts.some((part) => part?.toLowerCase() === kind)) parts.push(kind);
  return parts.join(', ');
};

function NodeCard({ data, icon }: { data: GraphNodeData; icon: string }) {
  const { node, clickable } = data;
  // Gateways share the router's icon; their kind is spelled out on the second line.
  const secondLine = [node.kind === 'gateway' ? 'Gateway' : undefined, node.sublabel]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card data-kind={node.kind} data-clickable={clickable} aria-hidden="true">
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <KindIcon data-kind={node.kind}>
        <Icon path={icon} size={20} />
      </KindIcon>
      <CardText>
        {/* The spaces keep the lines' words apart in the node's text, which its name contains. */}
        <CardLabel title={node.label}>{node.label}</CardLabel>
        {secondLine && (
          <>
            {' '}
            <CardSub>
              <span>{secondLine}</span>
            </CardSub>
          </>
        )}
        {node.status && ' '}
        {node.status && (
          <CardSub>
            <Status>
              <StatusDot data-tone={node.status.tone} />
              {node.status.label}
            </Status>
          </CardSub>
        )}
      </CardText>
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </Card>
  );
}

export function InternetNode({ data }: NodeProps<GraphFlowNode>) {
  return <NodeCard data={data} icon={KIND_ICON.internet} />;
}
export function RouterNode({ data }: NodeProps<GraphFlowNode>) {
  return <NodeCard data={data} icon={KIND_ICON.router} />;
}
export function GatewayNode({ data }: NodeProps<GraphFlowNode>) {
  return <NodeCard data={data} icon={KIND_ICON.gateway} />;
}
export function NetworkSegmentNode({ data }: NodeProps<GraphFlowNode>) {
  return <NodeCard data={data} icon={KIND_ICON.network} />;
}
export function VmNode({ data }: NodeProps<GraphFlowNode>) {
  return <NodeCard data={data} icon={KIND_ICON.vm} />;
}

/** One node component per kind; module-level so React Flow does not re-create them. */
export const NODE_TYPES = {
  internet: InternetNode,
  router: RouterNode,
  gateway: GatewayNode,
  network: NetworkSegmentNode,
  vm: VmNode,
} satisfies NodeTypes;
