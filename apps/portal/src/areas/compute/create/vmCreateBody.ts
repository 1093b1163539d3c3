// The wizard's model, its checks and the creation body: pure, so the exact section 3 rules are
// unit-tested without a browser.
import { VLAN_MAX, VLAN_MIN, type Catalogue, type VmCreate } from '@portal/api/contract';
import { DISPLAY_NAME_MAX, displayNameRefusal } from '@portal/api/domain';

type Region = Catalogue['regions'][number];
type Site = Region['sites'][number];
type Zone = Site['zones'][number];
type Plan = Catalogue['plans'][number];
type Image = Catalogue['images'][number];
type Version = Image['versions'][number];

/** An adapter as the form holds it: a portgroup of the site (its VLAN comes with it). */
export interface AdapterChoice {
  portgroup: string;
  vlan_id: number;
}

/** What the person chose, as ids and raw values; nothing is resolved until the body is built. */
export interface VmForm {
  regionId: string;
  siteId: string;
  zoneId: string;
  planId: string;
  imageId: string;
  versionId: string;
  /** The first adapter's portgroup name; required. */
  adapter1: string;
  /** The second adapter's portgroup name; `''` when there is none. */
  adapter2: string;
  /** Custom disk size in GB; null for the plan's disk. */
  diskSizeGb: number | null;
  displayName: string;
  vsnap: boolean;
  monitoring: boolean;
}

export const EMPTY_FORM: VmForm = {
  regionId: '',
  siteId: '',
  zoneId: '',
  planId: '',
  imageId: '',
  versionId: '',
  adapter1: '',
  adapter2: '',
  diskSizeGb: null,
  displayName: '',
  vsnap: false,
  monitoring: false,
};

export type VmField = keyof VmForm;
export type VmFormErrors = Partial<Record<VmField, string>>;

/** The catalogue entries a form points at (undefined where nothing, or something stale, is chosen). */
export interface Resolved {
  region?: Region;
  site?: Site;
  zone?: Zone;
  plan?: Plan;
  image?: Image;
  version?: Version;
  adapter1?: Site['portgroups'][number];
  adapter2?: Site['portgroups'][number];
}

type CatalogueSite = Catalogue['regions'][number]['sites'][number];

/** The images offered at a site (a site says which when not every image runs there). */
export const imagesAt = (catalogue: Catalogue, site: CatalogueSite | undefined) =>
  site?.images
    ? catalogue.images.filter((image) => site.images?.includes(image.id))
    : catalogue.images;

export function resolve(catalogue: Catalogue, form: VmForm): Resolved {
  const region = catalogue.regions.find((r) => r.id === form.regionId);
  const site = region?.sites.find((s) => s.id === form.siteId);
  const zone = site?.zones.find((z) => z.id === form.zoneId);
  const plan = catalogue.plans.find((p) => p.id === form.planId);
  const image = imagesAt(catalogue, site).find((i) => i.id === form.imageId);
  const version = image?.versions.find((v) => v.id === form.versionId);
  const portgroup = (name: string) =>
    name ? site?.portgroups.find((p) => p.name === name) : undefined;
  return {
    region,
    site,
    zone,
    plan,
    image,
    version,
    adapter1: portgroup(form.adapter1),
    adapter2: portgroup(form.adapter2),
  };
}

/** A choice that depends on an earlier one is cleared when that earlier one changes. */
export function change<K extends VmField>(form: VmForm, field: K, value: VmForm[K]): VmForm {
  const next = { ...form, [field]: value };
  if (field === 'regionId')
    Object.assign(next, { siteId: '', zoneId: '', adapter1: '', adapter2: '' });
  if (field === 'siteId') Object.assign(next, { zoneId: '', adapter1: '', adapter2: '' });
  if (field === 'imageId') next.versionId = '';
  if (field === 'adapter1' && value === form.adapter2) next.adapter2 = '';
  return next;
}

export { DISPLAY_NAME_MAX };

/**
 * The wizard's steps that ask for something, each with its fields, in order (a summary follows):
 * where and what it is called, what it runs, how it connects.
 */
export const STEPS = [
  {
    id: 'basics',
    label: 'Name and location',
    fields: ['displayName', 'regionId', 'siteId', 'zoneId'],
  },
  {
    id: 'machine',
    label: 'Plan and image',
    fields: ['planId', 'imageId', 'versionId', 'diskSizeGb'],
  },
  {
    id: 'network',
    label: 'Network and options',
    fields: ['adapter1', 'adapter2', 'vsnap', 'monitoring'],
  },
] as const satisfies readonly { id: string; label: string; fields: readonly VmField[] }[];

/** The step that asks for a field (to send a server's 400 back to where it can be fixed). */
export const stepOf = (field: VmField): number =>
  Math.max(
    0,
    STEPS.findIndex((step) => (step.fields as readonly VmField[]).includes(field)),
  );

/** Every problem with the form, as a sentence per field: which field, and why. */
export function validate(catalogue: Catalogue, form: VmForm): VmFormErrors {
  const errors: VmFormErrors = {};
  const r = resolve(catalogue, form);
  if (!r.region) errors.regionId = 'Choose a region.';
  if (!r.site)
    errors.siteId = r.region ? 'Choose a site in this region.' : 'Choose a region first.';
  if (!r.zone) errors.zoneId = r.site ? 'Choose a zone of this site.' : 'Choose a site first.';
  if (!r.plan) errors.planId = 'Choose a plan.';
  if (!r.image) errors.imageId = 'Choose an image.';
  if (!r.version)
    errors.versionId = r.image ? 'Choose a version of this image.' : 'Choose an image first.';
  if (!r.adapter1)
    errors.adapter1 = r.site
      ? 'Choose the network of the first adapter.'
      : 'Choose a site first: networks belong to a site.';
  if (form.adapter2 && !r.adapter2)
    errors.adapter2 = 'This network is not offered at the chosen site; choose another or none.';
  else if (form.adapter2 && form.adapter2 === form.adapter1)
    errors.adapter2 = 'The second adapter needs a different network from the first.';
  for (const field of ['adapter1', 'adapter2'] as const) {
    const vlan = r[field]?.vlan_id;
    if (vlan !== undefined && (vlan < VLAN_MIN || vlan > VLAN_MAX))
      errors[field] = `This network's VLAN ${vlan} is outside ${VLAN_MIN} to ${VLAN_MAX}.`;
  }
  const { min_gb: min, max_gb: max } = catalogue.disk;
  if (form.diskSizeGb !== null) {
    if (!Number.isInteger(form.diskSizeGb))
      errors.diskSizeGb = 'Enter the disk size in whole gigabytes.';
    else if (form.diskSizeGb < min || form.diskSizeGb > max)
      errors.diskSizeGb = `Enter a disk size from ${min} to ${max} GB, or leave it empty for the plan's disk.`;
  }
  const nameRefusal = displayNameRefusal(form.displayName);
  if (nameRefusal) errors.displayName = nameRefusal;
  return errors;
}

/** The errors that belong to one step. */
export const errorsOfStep = (errors: VmFormErrors, step: number): VmFormErrors => {
  const fields: readonly VmField[] = STEPS[step]?.fields ?? [];
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => fields.includes(field as VmField)),
  );
};

/**
 * The creation body exactly as section 3 says: location from the site; status `trial`; vCPUs from
 * the plan's cpu; memory = the plan's GB × 1024 (MB); the zone's cluster; os name from the image,
 * version from the version's name, guest_full_name from the version's id; adapters as portgroup
 * and vlan_id, the second only when given; `disk_size_gb` the custom size or null.
 * Throws when the form does not validate (call `validate` first to show why).
 */
export function buildVmCreateBody(catalogue: Catalogue, form: VmForm, tenantId: string): VmCreate {
  const errors = validate(catalogue, form);
  const r = resolve(catalogue, form);
  const { site, zone, plan, image, version, adapter1, adapter2 } = r;
  if (Object.keys(errors).length > 0 || !site || !zone || !plan || !image || !version || !adapter1)
    throw new Error(`The form is not complete: ${Object.values(errors).join(' ')}`);
  const adapters = [{ portgroup: adapter1.name, vlan_id: adapter1.vlan_id }];
  if (adapter2) adapters.push({ portgroup: adapter2.name, vlan_id: adapter2.vlan_id });
  return {
    location: site.location,
    status: 'trial',
    tenant_id: tenantId,
    display_name: form.displayName,
    vsnap: form.vsnap,
    monitoring: form.monitoring,
    vm_params: {
      vcpus: plan.cpu,
      memory: plan.memory * 1024,
      cluster_name: zone.cluster,
      os: { name: image.name, version: version.name, guest_full_name: version.id },
      adapters,
      disk_size_gb: form.diskSizeGb === null ? null : Number(form.diskSizeGb),
    },
  };
}

/**
 * Where a server 400's `field` belongs in the form: `display_name`, `vm_params.disk_size_gb`,
 * `/vm_params/adapters/1/vlan_id`, … Unknown fields map to undefined.
 */
export function formFieldOf(serverField: string | undefined): VmField | undefined {
  if (!serverField) return undefined;
  const path = serverField
    .replace(/^\//, '')
    .replace(/\//g, '.')
    .replace(/\[(\d+)\]/g, '.$1');
  const rules: [RegExp, VmField][] = [
    [/^location$/, 'siteId'],
    [/^display_name$/, 'displayName'],
    [/^vsnap$/, 'vsnap'],
    [/^monitoring$/, 'monitoring'],
    [/^vm_params\.(vcpus|memory)$/, 'planId'],
    [/^vm_params\.cluster_name$/, 'zoneId'],
    [/^vm_params\.os\.name$/, 'imageId'],
    [/^vm_params\.os(\.|$)/, 'versionId'],
    [/^vm_params\.adapters\.1(\.|$)/, 'adapter2'],
    [/^vm_params\.adapters(\.|$)/, 'adapter1'],
    [/^vm_params\.disk_size_gb$/, 'diskSizeGb'],
  ];
  return rules.find(([rule]) => rule.test(path))?.[1];
}
