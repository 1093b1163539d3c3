import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { NetworkCreate } from '@portal/api/contract';
import { PageHeader } from '@portal/ui';
import { CreateFlow, FormSelect, FormTextField, useContractForm } from '../../kit/form/index.ts';
import { useTaskAction } from '../../kit/useTaskAction.ts';
import { api, networkingKeys, networkingQueries, siteLocations } from './queries.ts';

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

/** `/networking/create`: name and site, addressing (CIDR checked as typed), gateway. */
export function NetworkingCreatePage() {
  const navigate = useNavigate();
  const gateways = useQuery(networkingQueries.gateways());
  const sites = useQuery(siteLocations());
  const create = useTaskAction({
    operation: 'Create network',
    kind: 'other',
    // The compute catalogue offers the new network to the VM wizard.
    invalidates: [networkingKeys.all, ['compute']],
  });
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
    messages: {
      cidr: 'Enter an IPv4 network such as 10.20.0.0/24.',
      vlan_id: 'Enter a VLAN id from 1 to 4094.',
      location: 'Choose a location.',
    },
  });
  const location = form.watch('location');
  const gatewayOptions = [
    { value: NO_GATEWAY, label: 'No gateway (no internet access)' },
    ...(gateways.data ?? [])
      .filter((gateway) => gateway.location === location)
      .map((gateway) => ({
        value: String(gateway.id),
        label: `${gateway.name} (${gateway.external_address})`,
      })),
  ];
  return (
    <>
      <PageHeader
        title="Create a network"
        description="A network is a portgroup your virtual machines can use once it is ready."
      />
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
                <FormTextField<Values> name="vlan_id" label="VLAN id" inputMode="numeric" />
                <FormTextField<Values>
                  name="cidr"
                  label="IPv4 network (CIDR)"
                  help="A private range from /16 to /29, e.g. 10.20.0.0/24."
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
        summary={(values) => (
          <p>
            {values.name} at {values.location}: {values.cidr} on VLAN {values.vlan_id}
          </p>
        )}
        submitLabel="Create network"
        onSubmit={async (values) => {
          const outcome = await create.run(() => api().create(toBody(values)));
          if (outcome.ok) void navigate('/networking');
        }}
      />
    </>
  );
}
