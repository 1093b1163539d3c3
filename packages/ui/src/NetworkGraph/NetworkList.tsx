import { Icon } from '@portal/icons';
import { KIND_ICON } from './GraphNodes.tsx';
import {
  Connections,
  NameButton,
  NameCell,
  NameText,
  Secondary,
  Status,
  StatusDot,
  Table,
  TableWrap,
  VisuallyHidden,
} from './NetworkGraph.styles.ts';
import { KIND_LABEL, type NetworkEdge, type NetworkNode, type NodePosition } from './layout.ts';

export interface Connection {
  node: NetworkNode;
  label: string | undefined;
}

/** The nodes in reading order (column by column, top to bottom) with what each connects to. */
export function listConnections(
  nodes: readonly NetworkNode[],
  edges: readonly NetworkEdge[],
  positions: ReadonlyMap<string, NodePosition>,
): { node: NetworkNode; connections: Connection[] }[] {
  const rank = (node: NetworkNode) => {
    const p = positions.get(node.id);
    return p ? [p.layer, p.row, p.column] : [Infinity, 0, 0];
  };
  const byRank = (a: NetworkNode, b: NetworkNode) => {
    const [ra, rb] = [rank(a), rank(b)];
    for (let i = 0; i < 3; i++) {
      const d = (ra[i] ?? 0) - (rb[i] ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  };
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const ordered = [...nodes].sort(byRank);
  return ordered.map((node) => {
    const connections: Connection[] = [];
    for (const edge of edges) {
      const otherId =
        edge.source === node.id ? edge.target : edge.target === node.id ? edge.source : undefined;
      const other = otherId === undefined ? undefined : byId.get(otherId);
      if (other) connections.push({ node: other, label: edge.label });
    }
    connections.sort((a, b) => byRank(a.node, b.node));
    return { node, connections };
  });
}

export interface NetworkListProps {
  caption: string;
  nodes: readonly NetworkNode[];
  edges: readonly NetworkEdge[];
  positions: ReadonlyMap<string, NodePosition>;
  onNodeClick?: (node: NetworkNode) => void;
}

/** The graph as a table: each node, its kind, its status and what it connects to. */
export function NetworkList({ caption, nodes, edges, positions, onNodeClick }: NetworkListProps) {
  const rows = listConnections(nodes, edges, positions);
  return (
    <TableWrap>
      <Table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Kind</th>
            <th scope="col">Status</th>
            <th scope="col">Connected to</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ node, connections }) => (
            <tr key={node.id}>
              <th scope="row">
                <NameCell>
                  <Icon path={KIND_ICON[node.kind]} size={20} />
                  <NameText>
                    {onNodeClick ? (
                      <NameButton type="button" onClick={() => onNodeClick(node)}>
                        {node.label}
                      </NameButton>
                    ) : (
                      node.label
                    )}
                    {node.sublabel && <Secondary>{node.sublabel}</Secondary>}
                  </NameText>
                </NameCell>
              </th>
              <td>{KIND_LABEL[node.kind]}</td>
              <td>
                {node.status ? (
                  <Status>
                    <StatusDot data-tone={node.status.tone} />
                    {node.status.label}
                  </Status>
                ) : (
                  <Secondary>Unknown</Secondary>
                )}
              </td>
              <td>
                {connections.length ? (
                  <Connections>
                    {connections.map(({ node: other, label }, index) => (
                      <li key={`${other.id}-${index}`}>
                        {other.label}
                        {label && <Secondary> ({label})</Secondary>}
                      </li>
                    ))}
                  </Connections>
                ) : (
                  <Secondary>
                    <span aria-hidden="true">—</span>
                    <VisuallyHidden>Nothing</VisuallyHidden>
                  </Secondary>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}
