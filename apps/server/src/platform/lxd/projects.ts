import { LxdError, type LxdClient } from './client.ts';

/** How a tenant's project is made: its own instances and volumes, the default images and profiles. */
export const TENANT_PROJECT_FEATURES: Record<string, string> = {
  'features.images': 'false',
  'features.profiles': 'false',
  'features.storage.volumes': 'true',
};

export interface LxdProject {
  name: string;
  config: Record<string, string>;
}

/**
 * The project, created when missing with `config`; when it exists, the keys of `limits` that
 * differ are set (the tenant's quota may have changed). Answers whether it was created.
 */
export async function ensureProject(
  client: LxdClient,
  name: string,
  config: Record<string, string>,
  limits: Record<string, string>,
  signal?: AbortSignal,
): Promise<boolean> {
  let project: LxdProject | null = null;
  try {
    project = await client.get<LxdProject>(`/1.0/projects/${encodeURIComponent(name)}`, { signal });
  } catch (error) {
    if (!(error instanceof LxdError && error.status === 404)) throw error;
  }
  if (!project) {
    try {
      await client.post('/1.0/projects', { name, config: { ...config, ...limits } }, { signal });
      return true;
    } catch (error) {
      // Another task made it meanwhile.
      if (!(error instanceof LxdError && /already exists/i.test(error.lxdMessage))) throw error;
      project = await client.get<LxdProject>(`/1.0/projects/${encodeURIComponent(name)}`, {
        signal,
      });
    }
  }
  const changed = Object.entries(limits).filter(([key, value]) => project.config[key] !== value);
  if (changed.length > 0)
    await client.patch(
      `/1.0/projects/${encodeURIComponent(name)}`,
      { config: { ...project.config, ...Object.fromEntries(changed) } },
      { signal },
    );
  return false;
}

export const deleteProject = (client: LxdClient, name: string, signal?: AbortSignal) =>
  client.delete(`/1.0/projects/${encodeURIComponent(name)}`, { signal });
