import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue.fixture.ts';
import {
  EMPTY_FORM,
  buildVmCreateBody,
  change,
  errorsOfStep,
  formFieldOf,
  stepOf,
  validate,
  type VmForm,
} from './vmCreateBody.ts';

const COMPLETE: VmForm = {
  regionId: 'eu',
  siteId: 'ams1',
  zoneId: 'ams1-b',
  planId: 'std-2',
  imageId: 'ubuntu',
  versionId: 'Ubuntu Linux 24.04 (64-bit)',
  adapter1: 'ams1-frontend',
  adapter2: '',
  diskSizeGb: null,
  displayName: 'web-01',
  vsnap: true,
  monitoring: false,
};

describe('buildVmCreateBody (section 3, exact)', () => {
  it('builds the body from the chosen site, zone, plan, image and version', () => {
    expect(buildVmCreateBody(CATALOGUE, COMPLETE, 'UZZ100001')).toEqual({
      location: 'AMS1',
      status: 'trial',
      tenant_id: 'UZZ100001',
      display_name: 'web-01',
      vsnap: true,
      monitoring: false,
      vm_params: {
        vcpus: 2,
        memory: 4096,
        cluster_name: 'AMS1-CL02',
        os: {
          name: 'Ubuntu',
          version: '24.04 LTS',
          guest_full_name: 'Ubuntu Linux 24.04 (64-bit)',
        },
        adapters: [{ portgroup: 'ams1-frontend', vlan_id: 100 }],
        disk_size_gb: null,
      },
    });
  });

  it('sends memory in MB: the plan GB times 1024', () => {
    const body = buildVmCreateBody(CATALOGUE, COMPLETE, 'UZZ100001');
    expect(body.vm_params.memory).toBe(4 * 1024);
  });

  it('adds the second adapter only when one is given', () => {
    const one = buildVmCreateBody(CATALOGUE, COMPLETE, 'UZZ100001');
    expect(one.vm_params.adapters).toHaveLength(1);
    const two = buildVmCreateBody(
      CATALOGUE,
      { ...COMPLETE, adapter2: 'ams1-backend' },
      'UZZ100001',
    );
    expect(two.vm_params.adapters).toEqual([
      { portgroup: 'ams1-frontend', vlan_id: 100 },
      { portgroup: 'ams1-backend', vlan_id: 200 },
    ]);
  });

  it('sends a custom disk size as a number, else null', () => {
    const custom = buildVmCreateBody(CATALOGUE, { ...COMPLETE, diskSizeGb: 120 }, 'UZZ100001');
    expect(custom.vm_params.disk_size_gb).toBe(120);
    expect(buildVmCreateBody(CATALOGUE, COMPLETE, 'UZZ100001').vm_params.disk_size_gb).toBeNull();
  });

  it('always sends status trial, and no field beyond section 3', () => {
    const body = buildVmCreateBody(
      CATALOGUE,
      { ...COMPLETE, adapter2: 'ams1-backend' },
      'UZZ100001',
    );
    expect(body.status).toBe('trial');
    expect(Object.keys(body).sort()).toEqual(
      [
        'display_name',
        'location',
        'monitoring',
        'status',
        'tenant_id',
        'vm_params',
        'vsnap',
      ].sort(),
    );
    expect(Object.keys(body.vm_params).sort()).toEqual(
      ['adapters', 'cluster_name', 'disk_size_gb', 'memory', 'os', 'vcpus'].sort(),
    );
  });

  it('refuses to build an incomplete form', () => {
    expect(() => buildVmCreateBody(CATALOGUE, EMPTY_FORM, 'UZZ100001')).toThrow(/not complete/);
  });
});

describe('validate (field errors: which field, why)', () => {
  it('accepts a complete form', () => {
    expect(validate(CATALOGUE, COMPLETE)).toEqual({});
  });

  it('names every missing choice', () => {
    const errors = validate(CATALOGUE, EMPTY_FORM);
    expect(Object.keys(errors).sort()).toEqual(
      [
        'adapter1',
        'displayName',
        'imageId',
        'planId',
        'regionId',
        'siteId',
        'versionId',
        'zoneId',
      ].sort(),
    );
    expect(errors.displayName).toBe('Enter a name for the virtual machine.');
  });

  it('explains a bad name', () => {
    expect(validate(CATALOGUE, { ...COMPLETE, displayName: ' web' }).displayName).toMatch(
      /Start with a letter or digit/,
    );
    expect(validate(CATALOGUE, { ...COMPLETE, displayName: 'web/01!' }).displayName).toMatch(
      'Use only letters, digits, spaces, dots, dashes and underscores (not / !).',
    );
    expect(validate(CATALOGUE, { ...COMPLETE, displayName: 'x'.repeat(65) }).displayName).toMatch(
      /at most 64 characters \(this one has 65\)/,
    );
  });

  it('keeps the disk within the catalogue limits, in whole GB', () => {
    expect(validate(CATALOGUE, { ...COMPLETE, diskSizeGb: 5 }).diskSizeGb).toMatch(
      /from 10 to 4096/,
    );
    expect(validate(CATALOGUE, { ...COMPLETE, diskSizeGb: 5000 }).diskSizeGb).toMatch(
      /from 10 to 4096/,
    );
    expect(validate(CATALOGUE, { ...COMPLETE, diskSizeGb: 50.5 }).diskSizeGb).toMatch(/whole/);
  });

  it('wants the second adapter on another network', () => {
    expect(validate(CATALOGUE, { ...COMPLETE, adapter2: 'ams1-frontend' }).adapter2).toMatch(
      /different network/,
    );
  });

  it('groups errors by step', () => {
    const errors = validate(CATALOGUE, EMPTY_FORM);
    expect(Object.keys(errorsOfStep(errors, 0)).sort()).toEqual([
      'displayName',
      'regionId',
      'siteId',
      'zoneId',
    ]);
    expect(Object.keys(errorsOfStep(errors, 1)).sort()).toEqual(['imageId', 'planId', 'versionId']);
    expect(errorsOfStep(errors, 3)).toEqual({});
  });
});

describe('change', () => {
  it('clears the choices that depend on a changed one', () => {
    expect(change(COMPLETE, 'siteId', 'fra1')).toMatchObject({
      siteId: 'fra1',
      zoneId: '',
      adapter1: '',
      adapter2: '',
      planId: 'std-2',
    });
    expect(change(COMPLETE, 'regionId', 'apac')).toMatchObject({ siteId: '', zoneId: '' });
    expect(change(COMPLETE, 'imageId', 'debian').versionId).toBe('');
  });
});

describe('formFieldOf (server 400 → the field to fix)', () => {
  it.each([
    ['display_name', 'displayName', 0],
    ['location', 'siteId', 0],
    ['vm_params.cluster_name', 'zoneId', 0],
    ['vm_params.vcpus', 'planId', 1],
    ['vm_params.memory', 'planId', 1],
    ['vm_params.os.name', 'imageId', 1],
    ['vm_params.os.version', 'versionId', 1],
    ['vm_params.disk_size_gb', 'diskSizeGb', 1],
    ['vm_params.adapters.0.portgroup', 'adapter1', 2],
    ['vm_params.adapters.1.vlan_id', 'adapter2', 2],
    ['vsnap', 'vsnap', 2],
  ] as const)('maps %s to %s on step %i', (server, field, step) => {
    expect(formFieldOf(server)).toBe(field);
    expect(stepOf(field)).toBe(step);
  });

  it('leaves unknown fields alone', () => {
    expect(formFieldOf('tenant_id')).toBeUndefined();
    expect(formFieldOf(undefined)).toBeUndefined();
  });
});
