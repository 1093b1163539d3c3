import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { networkDeleteRefusal } from '@portal/api/domain';
import { Alert, Button, KeyValue, Link, StatusChip, TextField } from '@portal/ui';
import { DetailPage, detailReadProps } from '../../kit/DetailPage.tsx';
import { useTaskAction } from '../../kit/useTaskAction.ts';
import { api, networkingKeys, networkingQueries } from './queries.ts';
import { lookOf, networkResource } from './state.ts';

const splitList = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((each) => each.trim())
    .filter(Boolean);

/** `/networking/{id}`: the network, the VMs on it with their addresses, DHCP and DNS. */
export function NetworkingDetailPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const network = useQuery(networkingQueries.network(id));
  const data = network.data;
  const [edit, setEdit] = useState<{ start: string; end: string; dns: string } | null>(null);
  const resource = networkResource(id);
  const invalidates = [networkingKeys.all];
  const update = useTaskAction({
    operation: 'Change network',
    kind: 'other',
    resource,
    invalidates,
  });
  const remove = useTaskAction({
    operation: 'Delete network',
    kind: 'other',
    resource,
    invalidates,
  });
  const refusal = data ? networkDeleteRefusal(data.name, data.vm_count) : null;

  return (
    <DetailPage
      listPath="/networking"
      listLabel="Networking"
      noun="network"
      {...detailReadProps(network)}
      loadingTitle={`Network ${id}`}
      title={data?.name}
      status={
        data && <StatusChip status={lookOf(data.state).chip} label={lookOf(data.state).label} />
      }
      actions={
        data && (
          <Button
            variant="danger"
            disabled={refusal !== null || remove.busy}
            aria-describedby={refusal ? 'delete-refusal' : undefined}
            onClick={() =>
              void remove
                .run(() => api().remove(id))
                .then((outcome) => {
                  if (outcome.ok) void navigate('/networking');
                })
            }
          >
            {remove.busy ? remove.label : 'Delete network'}
          </Button>
        )
      }
    >
      {data && (
        <>
          {refusal && (
            <Alert kind="info" id="delete-refusal">
              {refusal}
            </Alert>
          )}
          <KeyValue
            items={[
              { label: 'Location', value: data.location },
              { label: 'VLAN', value: String(data.vlan_id) },
              { label: 'CIDR', value: data.cidr },
              { label: 'Gateway address', value: data.gateway_address },
              { label: 'DHCP range', value: `${data.dhcp_start} – ${data.dhcp_end}` },
              { label: 'DNS servers', value: data.dns_servers.join(', ') || 'None' },
            ]}
          />
          {edit ? (
            <form
              aria-label="DHCP and DNS"
              onSubmit={(event) => {
                event.preventDefault();
                void update
                  .run(() =>
                    api().update(id, {
                      dhcp_start: edit.start,
                      dhcp_end: edit.end,
                      dns_servers: splitList(edit.dns),
                    }),
                  )
                  .then(() => setEdit(null));
              }}
            >
              <TextField
                label="DHCP range start"
                value={edit.start}
                onChange={(event) => setEdit({ ...edit, start: event.target.value })}
              />
              <TextField
                label="DHCP range end"
                value={edit.end}
                onChange={(event) => setEdit({ ...edit, end: event.target.value })}
              />
              <TextField
                label="DNS servers"
                help="Up to 4, separated by commas."
                value={edit.dns}
                onChange={(event) => setEdit({ ...edit, dns: event.target.value })}
              />
              <Button type="submit" variant="primary" disabled={update.busy}>
                Save
              </Button>
              <Button type="button" variant="secondary" onClick={() => setEdit(null)}>
                Cancel
              </Button>
            </form>
          ) : (
            <Button
              variant="secondary"
              disabled={data.state !== 'active'}
              onClick={() =>
                setEdit({
                  start: data.dhcp_start,
                  end: data.dhcp_end,
                  dns: data.dns_servers.join(', '),
                })
              }
            >
              Edit DHCP and DNS
            </Button>
          )}
          <table>
            <caption>Attached virtual machines</caption>
            <thead>
              <tr>
                <th scope="col">Virtual machine</th>
                <th scope="col">Adapter</th>
                <th scope="col">Address</th>
                <th scope="col">Power</th>
              </tr>
            </thead>
            <tbody>
              {data.ports.map((port) => (
                <tr key={`${port.vm_id}-${port.adapter}`}>
                  <th scope="row">
                    <Link href={`/compute/${port.vm_id}`}>{port.display_name}</Link>
                  </th>
                  <td>{port.adapter + 1}</td>
                  <td>{port.ip ?? 'Not yet assigned'}</td>
                  <td>{lookOf(port.power_state).label}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.ports.length === 0 && <p>No virtual machine is attached to this network.</p>}
        </>
      )}
    </DetailPage>
  );
}
