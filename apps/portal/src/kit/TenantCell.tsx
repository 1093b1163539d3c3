import styled from 'styled-components';

const Lines = styled.span`
  display: flex;
  flex-direction: column;
  min-width: 0;
  line-height: 1.25;
`;

const Line = styled.span`
  display: flex;
  min-width: 0;
  white-space: nowrap;

  &[data-secondary] {
    color: var(--ui-color-text-secondary);
    font-size: 0.8125rem;
  }
  /* A phone's card has the room to wrap: nothing is cut there. */
  [data-layout='cards'] & {
    display: block;
    white-space: normal;
  }
`;

/** The name gives way (an ellipsis) before the code does: the code is what people search for. */
const Name = styled.span`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  [data-layout='cards'] & {
    overflow: visible;
  }
`;

const Code = styled.span`
  flex: none;
`;

function Tenant({ code, name }: { code: string; name?: string | undefined }) {
  return (
    <>
      {name && <Name>{name}</Name>}
      <Code>{name ? `\u00a0· ${code}` : code}</Code>
    </>
  );
}

export interface TenantCellProps {
  /** The tenant's code ("UZZ100001"); without one the cell shows a dash. */
  code?: string | null | undefined;
  name?: string | undefined;
  /** The customer an internal user acted for, when it is not their own tenant: a second line. */
  actedFor?: { code: string; name?: string | undefined } | undefined;
}

/**
 * A tenant in a table cell as the provider's pages name it, "Acme Manufacturing · UZZ100001",
 * cut in the name rather than the code when the column is narrow; and, for what an internal user
 * did while acting for a customer, "for Acme Manufacturing · UZZ100001" on a second line.
 */
export function TenantCell({ code, name, actedFor }: TenantCellProps) {
  if (!code) return <>—</>;
  const full = [name ? `${name} · ${code}` : code];
  if (actedFor)
    full.push(`for ${actedFor.name ? `${actedFor.name} · ${actedFor.code}` : actedFor.code}`);
  return (
    <Lines title={full.join(', ')}>
      <Line>
        <Tenant code={code} name={name} />
      </Line>
      {actedFor && (
        <Line data-secondary="">
          <Code>{'for\u00a0'}</Code>
          <Tenant code={actedFor.code} name={actedFor.name} />
        </Line>
      )}
    </Lines>
  );
}
