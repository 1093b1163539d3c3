// The topology reply as the graph's nodes and edges: internet → gateways → networks → VMs, with
// public addresses on the edges from a network to the VM they lead to.
import type { Topology } from '@portal/api/contract';
import type { NetworkEdge, NetworkNode } from '@portal/ui';
import { lookOf } from './state.ts';

export function topologyGraph(
  topology: Topology,
  location: string | null,
): { nodes: NetworkNode[]; edges: NetworkEdge[] } {
  const at = <T extends { location: string }>(items: T[]) =>
    location ? items.filter((item) => item.location === location) : items;
  const status = (state: string) => ({ tone: lookOf(state).tone, label: lookOf(state).label });
  const nodes: NetworkNode[] = [{ id: 'internet', kind: 'internet', label: 'Internet' }];
  const edges: NetworkEdge[] = [];
  for (const gateway of at(topology.gateways)) {
    nodes.push({
      id: `g${gateway.id}`,
      kind: 'gateway',
      label: gateway.name,
      sublabel: `${gateway.external_address} · SNAT ${gateway.snat ? 'on' : 'off'}`,
      status: status(gateway.state),
    });
    edges.push({ id: `e-i-g${gateway.id}`, source: 'internet', target: `g${gateway.id}` });
  }
  const gatewayIds = new Set(nodes.map((node) => node.id));
  for (const network of at(topology.networks)) {
    nodes.push({
      id: `n${network.id}`,
      kind: 'network',
      label: network.name,
      sublabel: `${network.cidr} · VLAN ${network.vlan_id}`,
      status: status(network.state),
    });
    const gateway = `g${network.gateway_id}`;
    if (gatewayIds.has(gateway))
      edges.push({ id: `e-${gateway}-n${network.id}`, source: gateway, target: `n${network.id}` });
  }
  const natByVm = new Map<number, string[]>();
  for (const address of topology.addresses) {
    if (!address.nat || !address.address) continue;
    natByVm.set(address.nat.vm_id, [...(natByVm.get(address.nat.vm_id) ?? []), address.address]);
  }
  for (const vm of at(topology.vms)) {
    nodes.push({
      id: `v${vm.id}`,
      kind: 'vm',
      label: vm.display_name,
      sublabel: vm.ports
        .map((port) => port.ip ?? '')
        .filter(Boolean)
        .join(', '),
      status: status(vm.power_state),
    });
    vm.ports.forEach((port, index) => {
      const publicAddresses = index === 0 ? natByVm.get(vm.id) : undefined;
      edges.push({
        id: `e-n${port.network_id}-v${vm.id}-${index}`,
        source: `n${port.network_id}`,
        target: `v${vm.id}`,
        ...(publicAddresses ? { label: publicAddresses.join(', ') } : {}),
      });
    });
  }
  return { nodes, edges };
}
