import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api/client';
import { applyServerErrors, normalizeServerField, serverFieldMessage } from './serverErrors.ts';

interface Values {
  displayName: string;
  source: string;
  adapters: { vlan: number }[];
}

const VALUES: Values = { displayName: 'web-01', source: '', adapters: [{ vlan: 100 }] };

function fakeForm() {
  const setError = vi.fn();
  return {
    setError,
    getValues: ((name?: string) =>
      name === undefined
        ? VALUES
        : name
            .split('.')
            .reduce<unknown>(
              (node, key) => (node as Record<string, unknown> | undefined)?.[key],
              VALUES,
            )) as never,
  };
}

const badRequest = (field: string, message = `${field}: is already used`) =>
  new ApiError(message, 400, { message, field }, field);

describe('applyServerErrors', () => {
  afterEach(() => vi.restoreAllMocks());

  it('puts a 400 on the field it names, through the map, as a sentence', () => {
    const form = fakeForm();
    const field = applyServerErrors(form, badRequest('display_name'), {
      display_name: 'displayName',
    });
    expect(field).toBe('displayName');
    expect(form.setError).toHaveBeenCalledWith(
      'displayName',
      { type: 'server', message: 'Is already used.' },
      { shouldFocus: true },
    );
  });

  it('finds a field of the same name without a map, and JSON paths with a function', () => {
    const form = fakeForm();
    expect(applyServerErrors(form, badRequest('source'))).toBe('source');
    const viaFunction = applyServerErrors(
      form,
      badRequest('/vm_params/adapters/0/vlan_id', 'vm_params.adapters.0.vlan_id: is not offered'),
      (name) => (name === 'vm_params.adapters.0.vlan_id' ? 'adapters.0.vlan' : undefined),
    );
    expect(viaFunction).toBe('adapters.0.vlan');
    expect(form.setError).toHaveBeenLastCalledWith(
      'adapters.0.vlan',
      { type: 'server', message: 'Is not offered.' },
      { shouldFocus: true },
    );
  });

  it('makes anything else the form-level error, with the failed-call text', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const form = fakeForm();
    expect(applyServerErrors(form, badRequest('tenant_id', 'tenant_id: is not yours'))).toBe(
      undefined,
    );
    expect(form.setError).toHaveBeenLastCalledWith('root.form', {
      type: 'server',
      message: 'tenant_id: is not yours',
    });
    applyServerErrors(form, new ApiError('No response', 0, undefined));
    expect(form.setError).toHaveBeenLastCalledWith('root.form', {
      type: 'server',
      message: 'No response',
    });
    applyServerErrors(
      form,
      new ApiError('Conflict', 409, { message: 'The VM is busy.' }, 'source'),
    );
    expect(form.setError).toHaveBeenLastCalledWith('root.form', {
      type: 'server',
      message: 'The VM is busy.',
    });
  });
});

describe('server field names', () => {
  it('normalises JSON pointers and brackets to dot paths', () => {
    expect(normalizeServerField('/vm_params/adapters/1/vlan_id')).toBe(
      'vm_params.adapters.1.vlan_id',
    );
    expect(normalizeServerField('vm_params.adapters[1].vlan_id')).toBe(
      'vm_params.adapters.1.vlan_id',
    );
  });

  it('drops the field prefix from the message, in either spelling', () => {
    expect(
      serverFieldMessage(badRequest('/vm_params/memory', 'vm_params.memory: must be at most 8')),
    ).toBe('Must be at most 8.');
    expect(serverFieldMessage(badRequest('name', 'The name is taken.'))).toBe('The name is taken.');
  });
});
