import { describe, expect, it } from 'vitest';
import { freeVlan, gatewayDeleteRefusal, rangeClash, vlanClash } from './networking.ts';

describe('gateway deletes', () => {
  it('keeps a gateway while networks, NAT entries or public addresses use it', () => {
    const none = { networks: [], addresses: 0, nats: 0 };
    expect(gatewayDeleteRefusal('edge', none)).toBeNull();
    expect(gatewayDeleteRefusal('edge', { ...none, networks: ['web'] })).toBe(
      'The gateway edge cannot be deleted while the network web uses it; give that network another gateway or none first.',
    );
    expect(gatewayDeleteRefusal('edge', { ...none, networks: 3 })).toBe(
      'The gateway edge cannot be deleted while 3 networks use it; give them another gateway or none first.',
    );
    expect(gatewayDeleteRefusal('edge', { ...none, nats: 2 })).toBe(
      'The gateway edge cannot be deleted while 2 NAT entries use it; cancel them first.',
    );
    expect(gatewayDeleteRefusal('edge', { ...none, addresses: 1 })).toBe(
      'The gateway edge cannot be deleted while it holds 1 public address; release it first.',
    );
  });
});

describe("the network wizard's checks", () => {
  const used = [
    { name: 'ams1-frontend', location: 'AMS1', vlan_id: 100, cidr: '10.100.0.0/24' },
    { name: 'ams1-db', location: 'AMS1', vlan_id: 101, cidr: '10.101.0.0/24' },
    { name: 'fra1-frontend', location: 'FRA1', vlan_id: 102, cidr: '10.102.0.0/24' },
  ];

  it('names the network holding a VLAN at the same site only', () => {
    expect(vlanClash({ location: 'AMS1', vlan_id: 100 }, used)).toBe(
      'VLAN 100 is already used at AMS1 by the network ams1-frontend.',
    );
    expect(vlanClash({ location: 'FRA1', vlan_id: 100 }, used)).toBeNull();
  });

  it('finds a range overlapping one of the site, either way round', () => {
    expect(rangeClash({ location: 'AMS1', cidr: '10.100.0.128/25' }, used)).toBe(
      '10.100.0.128/25 overlaps 10.100.0.0/24 of the network ams1-frontend at AMS1.',
    );
    expect(rangeClash({ location: 'AMS1', cidr: '10.96.0.0/12' }, used)).toMatch(/overlaps/);
    expect(rangeClash({ location: 'AMS1', cidr: '10.102.0.0/24' }, used)).toBeNull();
  });

  it('suggests the lowest VLAN from 100 the site does not use', () => {
    expect(freeVlan('AMS1', used)).toBe(102);
    expect(freeVlan('FRA1', used)).toBe(100);
    expect(freeVlan('TYO1', used)).toBe(100);
  });
});
