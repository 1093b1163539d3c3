import { describe, expect, it } from 'vitest';
import type { FieldErrors, ResolverOptions } from 'react-hook-form';
import { FirewallRuleBody, VmCreate, type FirewallRuleBody as Rule } from '@portal/api/contract';
import {
  contractResolver,
  type ContractResolverOptions,
  type ContractSchema,
} from './contractResolver.ts';
import { asSentence } from './messages.ts';

const OPTIONS = {
  fields: {},
  shouldUseNativeValidation: false,
  criteriaMode: 'firstError',
} as ResolverOptions<Rule>;

const RULE: Rule = {
  direction: 'ingress',
  protocol: 'tcp',
  ports: '22',
  source: '203.0.113.0/24',
  destination: '0.0.0.0/0',
  action: 'allow',
  description: '',
};

async function messages<T extends Rule>(
  values: T,
  options: ContractResolverOptions<T> = {},
  schema: ContractSchema = FirewallRuleBody,
) {
  const result = await contractResolver<T>(schema, options)(
    values,
    undefined,
    OPTIONS as unknown as ResolverOptions<T>,
  );
  const flat: Record<string, string | undefined> = {};
  const walk = (node: FieldErrors, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (value && typeof value === 'object' && 'type' in value)
        flat[prefix + key] = (value as { message?: string }).message;
      else if (value && typeof value === 'object') walk(value as FieldErrors, `${prefix}${key}.`);
    }
  };
  walk(result.errors, '');
  return flat;
}

describe('contractResolver', () => {
  it('passes values the contract accepts, unchanged', async () => {
    const result = await contractResolver<Rule>(FirewallRuleBody)(RULE, undefined, OPTIONS);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(RULE);
  });

  it('says what each field needs in a whole sentence naming it', async () => {
    expect(
      await messages({ ...RULE, direction: 'sideways' as Rule['direction'], source: '' }),
    ).toEqual({
      direction: 'Choose a direction.',
      source: 'Enter a valid source.',
    });
    const long = await messages({ ...RULE, description: 'x'.repeat(201) });
    expect(long).toEqual({ description: 'Enter a description of at most 200 characters.' });
  });

  it('uses the schema description for a pattern, and the range of a nullable number', async () => {
    const ports = await messages({ ...RULE, ports: 'twenty-two' });
    expect(ports.ports).toBe(
      'Enter a valid ports: tcp and udp only: "22" or "8000-8080" (1 to 65535).',
    );
    const body = {
      location: 'AMS1',
      status: 'trial',
      tenant_id: 'UZZ100001',
      display_name: '',
      vsnap: false,
      monitoring: false,
      vm_params: {
        vcpus: 2,
        memory: 4096,
        cluster_name: 'C',
        os: { name: 'Ubuntu', version: '24', guest_full_name: 'Ubuntu' },
        adapters: [{ portgroup: 'p', vlan_id: 100 }],
        disk_size_gb: 5,
      },
    };
    const vm = await messages(
      body as unknown as Rule,
      { labels: { display_name: 'name', 'vm_params.disk_size_gb': 'disk size' } },
      VmCreate,
    );
    expect(vm).toEqual({
      display_name: 'Enter a name of 1 to 64 characters.',
      'vm_params.disk_size_gb': 'Enter a disk size from 10 to 4096.',
    });
  });

  it('takes per-field overrides: a sentence, a sentence per keyword, or a function', async () => {
    const bad = { ...RULE, ports: 'x', source: '', description: 'x'.repeat(201) };
    expect(
      await messages(bad, {
        messages: {
          ports: 'Enter one port (22) or a range (8000-8080).',
          source: { pattern: 'Enter the source as an address with a prefix, e.g. 10.0.0.0/8.' },
          description: (issue) => `Shorten the ${issue.label} (${issue.keyword}).`,
        },
      }),
    ).toEqual({
      ports: 'Enter one port (22) or a range (8000-8080).',
      source: 'Enter the source as an address with a prefix, e.g. 10.0.0.0/8.',
      description: 'Shorten the description (maxLength).',
    });
  });

  it('checks the body built from the values, maps its paths back, and runs refine first', async () => {
    interface Form extends Rule {
      portText: string;
    }
    const options: ContractResolverOptions<Form> = {
      toBody: ({ portText, ...rule }) => ({ ...rule, ports: portText || null }),
      fieldOf: (path) => (path === 'ports' ? 'portText' : (path as keyof Form)),
      refine: (values) =>
        values.source === values.destination ? { destination: 'Use a different range.' } : {},
    };
    expect(await messages<Form>({ ...RULE, portText: '' }, options)).toEqual({});
    expect(await messages<Form>({ ...RULE, portText: '1-x' }, options)).toEqual({
      portText: expect.stringMatching(/^Enter a valid ports/),
    });
    // refine's finding stands alone: the contract is not asked until it passes
    expect(
      await messages<Form>({ ...RULE, portText: '1-x', destination: RULE.source }, options),
    ).toEqual({ destination: 'Use a different range.' });
  });

  it('stops a submit for a contract problem the form has no field for', async () => {
    const errors = await messages({ ...RULE }, { toBody: (rule) => ({ ...rule, extra: 1 }) });
    expect(Object.keys(errors)).toEqual(['root.form']);
  });
});

describe('asSentence', () => {
  it('capitalises and ends with a full stop once', () => {
    expect(asSentence('is already used')).toBe('Is already used.');
    expect(asSentence('Done!')).toBe('Done!');
  });
});
