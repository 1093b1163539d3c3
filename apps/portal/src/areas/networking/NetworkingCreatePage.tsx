import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { NetworkCreate, type NetworkUsage } from '@portal/api/contract';
import { defaultAddressing, rangeClash, vlanClash } from '@portal/api/domain';
import { KeyValue } from '@portal/ui';
import {
  CreateFlow,
  CreatePage,
  FormSelect,
  FormTextField,
  useContractForm,
} from '../../kit/form/index.ts';
import { useTaskAction } from '../../kit/useTaskAction.ts';
import { api, networkingKeys, networkingQueries, siteLocations } from './queries.ts';
import { networkResource, NETWORKS_PENDING } from './state.ts';

/** The form's values: text fields as typed, turned into the contract's body on submit. */
interface Values {
  name: string;
  location: string;
  vlan_id: string;
  cidr: string;
  gateway_id: string;
  dns_servers: string;
}

const NO_GATEWAY = 'none';

/** The contract's body from what was typed. */
function toBody(values: Values): NetworkCreate {
  return {
    name: values.name,
    location: values.location,
    vlan_id: Number(values.vlan_id),
    cidr: values.cidr.trim(),
    gateway_id: values.gateway_id === NO_GATEWAY ? null : Number(values.gateway_id),
    dns_servers: values.dns_servers
      .split(/[\s,]+/)
      .map((each) => each.trim())
      .filter(Boolean),
  };
}

/** The checks of the addressing step against what the site already uses (the server's rules). */
export function addressingProblems(
  values: Pick<Values, 'location' | 'vlan_id' | 'cidr'>,
  usage: NetworkUsage | undefined,
): Partial<Record<keyof Values, string>> {
  if (!usage || usage.location !== values.location) return {};
  const problems: Partial<Record<keyof Values, string>> = {};
  const vlan = Number(values.vlan_id);
  if (values.vlan_id.trim() && Number.isInteger(vlan)) {
    const clash = vlanClash({ location: values.location, vlan_id: vlan }, usage.used);
    if (clash)
      problems.vlan_id =
        usage.free_vlan === null ? clash : `${clash} VLAN ${usage.free_vlan} is free.`;
  }
  const cidr = values.cidr.trim();
  if (cidr) {
    const clash = rangeClash({ location: values.location, cidr }, usage.used);
    if (clash) problems.cidr = clash;
  }
  return problems;
}

const inUse = (
  usage: NetworkUsage | undefined,
  pick: (used: NetworkUsage['used'][number]) => string,
) =>
  usage && usage.used.length
    ? `In use at ${usage.location}: ${usage.used.map((each) => `${pick(each)} (${each.name})`).join(', ')}.`
    : undefined;

/** `/networking/create`: name and site, addressing (VLAN and range checked against the site on
 * the step itself), gateway, and a summary with the gateway address and DNS servers. */
export function NetworkingCreatePage() {
  const navigate = useNavigate();
  const gateways = useQuery(networkingQueries.gateways());
  const sites = useQuery(siteLocations());
  const create = useTaskAction({
    operation: 'Create network',
    kind: 'other',
    // The compute catalogue offers the new network to the VM wizard.
    invalidates: [networkingKeys.all, ['compute']],
    runningLabel: 'Creating…',
    pendingIn: NETWORKS_PENDING,
    createdResource: (accepted) => networkResource(Number(accepted['id'])),
  });
  // What the chosen site's networks use (read below, once the site is known): the addressing
  // step's check. The resolver is rebuilt each render, so it sees this render's answer.
  const usageNow: { data?: NetworkUsage } = {};
  const form = useContractForm<Values>(NetworkCreate, {
    defaultValues: {
      name: '',
      location: '',
      vlan_id: '',
      cidr: '',
      gateway_id: NO_GATEWAY,
      dns_servers: '1.1.1.1, 9.9.9.9',
    },
    toBody,
    refine: (values) => addressingProblems(values, usageNow.data),
    messages: {
      cidr: 'Enter an IPv4 network such as 10.20.0.0/24.',
      vlan_id: 'Enter a VLAN id from 1 to 4094.',
      location: 'Choose a location.',
    },
  });
  const location = form.watch('location');
  const usage = useQuery({ ...networkingQueries.usage(location), enabled: location !== '' });
  usageNow.data = usage.data;
  // A free VLAN is offered as soon as the site is known, unless one was typed already.
  const free = usage.data?.location === location ? usage.data.free_vlan : null;
  useEffect(() => {
    if (free !== null && !form.getValues('vlan_id')) form.setValue('vlan_id', String(free));
  }, [free, form]);
  const gatewayName = (id: string) =>
    gateways.data?.find((gateway) => String(gateway.id) === id)?.name;
  const gatewayOptions = [
    { value: NO_GATEWAY, label: 'No gateway (no internet access)' },
    ...(gateways.data ?? [])
      .filter((gateway) => gateway.location === location)
      .map((gateway) => ({
        value: String(gateway.id),
        label: `${gateway.name} (${gateway.external_address})`,
      })),
  ];
  const shown = usage.data?.location === location ? usage.data : undefined;
  return (
    <CreatePage
      title="Create a network"
      description="A network your virtual machines can use once it is ready."
      back={{ href: '/networking', label: 'Networking' }}
    >
      <CreateFlow<Values>
        form={form}
        aria-label="Steps to create a network"
        steps={[
          {
            id: 'where',
            label: 'Name and location',
            fields: ['name', 'location'],
            content: (
              <>
                <FormTextField<Values> name="name" label="Name" />
                <FormSelect<Values>
                  name="location"
                  label="Location"
                  placeholder="Choose a site"
                  options={(sites.data ?? []).map((each) => ({ value: each, label: each }))}
                />
              </>
            ),
          },
          {
            id: 'addressing',
            label: 'Addressing',
            fields: ['vlan_id', 'cidr', 'dns_servers'],
            content: (
              <>
                <FormTextField<Values>
                  name="vlan_id"
                  label="VLAN id"
                  inputMode="numeric"
                  help={[
                    free !== null ? `VLAN ${free} is free at ${location}.` : undefined,
                    inUse(shown, (each) => `VLAN ${each.vlan_id}`),
                  ]
                    .filter(Boolean)
                    .join(' ')}
                />
                <FormTextField<Values>
                  name="cidr"
                  label="IPv4 network (CIDR)"
                  help={[
                    'A private range from /16 to /29, e.g. 10.20.0.0/24.',
                    inUse(shown, (each) => each.cidr),
                  ]
                    .filter(Boolean)
                    .join(' ')}
                />
                <FormTextField<Values>
                  name="dns_servers"
                  label="DNS servers"
                  help="Up to 4, separated by commas."
                />
              </>
            ),
          },
          {
            id: 'gateway',
            label: 'Gateway',
            fields: ['gateway_id'],
            content: (
              <FormSelect<Values> name="gateway_id" label="Gateway" options={gatewayOptions} />
            ),
          },
        ]}
        summary={(values) => {
          const body = toBody(values);
          const addressing = defaultAddressing(body.cidr);
          return (
            <KeyValue
              items={[
                { label: 'Name', value: body.name },
                { label: 'Location', value: body.location },
                { label: 'VLAN', value: String(body.vlan_id) },
                { label: 'Network', value: body.cidr },
                { label: 'Gateway address', value: addressing?.gateway_address ?? '' },
                {
                  label: 'DHCP range',
                  value: addressing ? `${addressing.dhcp_start} to ${addressing.dhcp_end}` : '',
                },
                {
                  label: 'DNS servers',
                  value: body.dns_servers?.length ? body.dns_servers.join(', ') : 'None',
                },
                {
                  label: 'Internet access',
                  value:
                    body.gateway_id === null
                      ? 'None (no gateway)'
                      : `Through ${gatewayName(values.gateway_id) ?? 'the gateway chosen'}`,
                },
              ]}
            />
          );
        }}
        submitLabel="Create network"
        onSubmit={async (values) => {
          const outcome = await create.run(() => api().create(toBody(values)));
          if (outcome.ok) void navigate('/networking');
        }}
      />
    </CreatePage>
  );
}
