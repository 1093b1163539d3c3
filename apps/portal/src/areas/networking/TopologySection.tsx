import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { NetworkGraph, Select } from '@portal/ui';
import { networkingQueries } from './queries.ts';
import { topologyGraph } from './topology.ts';

const ALL = 'all';

/** The topology graph with a location filter; the graph has its own list view. */
export function TopologySection() {
  const topology = useQuery(networkingQueries.topology());
  const navigate = useNavigate();
  const [location, setLocation] = useState(ALL);
  const locations = useMemo(
    () => [...new Set((topology.data?.networks ?? []).map((network) => network.location))].sort(),
    [topology.data],
  );
  const graph = useMemo(
    () => (topology.data ? topologyGraph(topology.data, location === ALL ? null : location) : null),
    [topology.data, location],
  );
  if (topology.isError) return <p role="alert">The topology could not be read. Try again later.</p>;
  if (!graph) return <p>Reading the topology…</p>;
  return (
    <section aria-label="Topology">
      <Select
        label="Location"
        value={location}
        onValueChange={setLocation}
        options={[
          { value: ALL, label: 'All locations' },
          ...locations.map((each) => ({ value: each, label: each })),
        ]}
      />
      <NetworkGraph
        aria-label="Network topology"
        nodes={graph.nodes}
        edges={graph.edges}
        height={560}
        onNodeClick={(node) => {
          if (node.kind === 'network') void navigate(`/networking/${node.id.slice(1)}`);
          if (node.kind === 'vm') void navigate(`/compute/${node.id.slice(1)}`);
        }}
      />
    </section>
  );
}
