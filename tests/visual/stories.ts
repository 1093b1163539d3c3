import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STATIC_DIR } from './global-setup.ts';

export interface StoryEntry {
  type: 'story' | 'docs';
  id: string;
  title: string;
  name: string;
  tags?: string[];
}

/**
 * The stories to snapshot, from the static build's index: every story keeps the project-wide
 * `visual` tag (`.storybook/preview.tsx`) unless it opts out with `tags: ['!visual']`.
 */
export function readStories(): StoryEntry[] {
  const file = join(STATIC_DIR, 'index.json');
  if (!existsSync(file))
    throw new Error('storybook-static/index.json is missing: run `npm run build-storybook` first.');
  const index = JSON.parse(readFileSync(file, 'utf8')) as { entries: Record<string, StoryEntry> };
  return Object.values(index.entries)
    .filter((entry) => entry.type === 'story' && (entry.tags ?? []).includes('visual'))
    .sort((a, b) => a.id.localeCompare(b.id));
}
