import type { NetworkEdge, NetworkNode, NetworkNodeStatus } from './layout.ts';

const running: NetworkNodeStatus = { tone: 'success', label: 'Running' };
const stopped: NetworkNodeStatus = { tone: 'neutral', label: 'Stopped' };
const degraded: NetworkNodeStatus = { tone: 'warning', label: 'Degraded' };
const up: NetworkNodeStatus = { tone: 'success', label: 'Up' };

/** A small tenant: one router, a VPN gateway, two networks, three VMs. For stories and tests. */
export const SMALL_TOPOLOGY: { nodes: NetworkNode[]; edges: NetworkEdge[] } = {
  nodes: [
    { id: 'internet', kind: 'internet', label: 'Internet', sublabel: '203.0.113.10' },
    { id: 'edge', kind: 'router', label: 'edge-router', sublabel: '10.0.0.1', status: up },
    { id: 'vpn', kind: 'gateway', label: 'vpn-gateway', sublabel: 'IPsec', status: degraded },
    { id: 'net-web', kind: 'network', label: 'web', sublabel: '10.0.1.0/24', status: up },
    { id: 'net-db', kind: 'network', label: 'database', sublabel: '10.0.2.0/24', status: up },
    { id: 'web-01', kind: 'vm', label: 'web-frontend-01', sublabel: '10.0.1.4', status: running },
    { id: 'web-02', kind: 'vm', label: 'web-frontend-02', sublabel: '10.0.1.5', status: stopped },
    { id: 'db-01', kind: 'vm', label: 'db-primary', sublabel: '10.0.2.10', status: running },
  ],
  edges: [
    { id: 'e-inet-edge', source: 'internet', target: 'edge', label: 'uplink' },
    { id: 'e-inet-vpn', source: 'internet', target: 'vpn' },
    { id: 'e-edge-web', source: 'edge', target: 'net-web' },
    { id: 'e-edge-db', source: 'edge', target: 'net-db' },
    { id: 'e-vpn-db', source: 'vpn', target: 'net-db', label: 'site-to-site' },
    // Given VM → network on purpose: the graph orients edges by column.
    { id: 'e-web-01', source: 'web-01', target: 'net-web' },
    { id: 'e-web-02', source: 'web-02', target: 'net-web' },
    { id: 'e-db-01', source: 'db-01', target: 'net-db' },
  ],
};

/** Two routers, four networks and `vmCount` VMs spread over them; deterministic. */
export function largeTopology(vmCount = 30): { nodes: NetworkNode[]; edges: NetworkEdge[] } {
  const nodes: NetworkNode[] = [
    { id: 'internet', kind: 'internet', label: 'Internet' },
    { id: 'r-a', kind: 'router', label: 'router-a', sublabel: '10.10.0.1', status: up },
    { id: 'r-b', kind: 'router', label: 'router-b', sublabel: '10.20.0.1', status: up },
  ];
  const edges: NetworkEdge[] = [
    { id: 'e-inet-a', source: 'internet', target: 'r-a', label: 'uplink' },
    { id: 'e-inet-b', source: 'internet', target: 'r-b', label: 'uplink' },
  ];
  const networks = ['frontend', 'backend', 'storage', 'management'];
  networks.forEach((name, index) => {
    const router = index < 2 ? 'r-a' : 'r-b';
    const cidr = `10.${index < 2 ? 10 : 20}.${index + 1}.0/24`;
    nodes.push({ id: `n-${name}`, kind: 'network', label: name, sublabel: cidr, status: up });
    edges.push({ id: `e-${router}-${name}`, source: router, target: `n-${name}` });
  });
  for (let i = 0; i < vmCount; i++) {
    const index = Math.floor((i * networks.length) / vmCount);
    const network = networks[index] ?? 'frontend';
    const address = `10.${index < 2 ? 10 : 20}.${index + 1}.${i + 10}`;
    const id = `vm-${String(i + 1).padStart(2, '0')}`;
    const status = i % 7 === 6 ? stopped : i % 11 === 10 ? degraded : running;
    nodes.push({ id, kind: 'vm', label: `${network}-${id}`, sublabel: address, status });
    edges.push({ id: `e-${id}`, source: `n-${network}`, target: id });
  }
  return { nodes, edges };
}
