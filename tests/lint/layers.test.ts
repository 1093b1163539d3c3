// The layer rules catch what they exist to catch: each case is an import the architecture forbids
// (or allows), linted as if it sat in the named file.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: join(root, file) });
  return (result?.messages ?? [])
    .filter(
      (m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'no-restricted-imports',
    )
    .map((m) => m.message);
}

describe('layer rules', () => {
  // The first run loads the configuration and every plugin: once, before the cases are timed.
  beforeAll(() =>
    eslint.lintText('export {};\n', { filePath: join(root, 'apps/portal/src/x.ts') }),
  );

  it('keeps one portal area out of another area’s internals', async () => {
    const found = await problems(
      'apps/portal/src/areas/vwseries/Example.tsx',
      "import { ComputeListPage } from '../compute/list/ComputeListPage.tsx';",
    );
    expect(found.join('\n')).toMatch(
      /only through its index\.ts, manifest\.ts, permission\.ts or queries\.ts/,
    );
  });

  it('lets an area use another area’s public files and its own internals', async () => {
    expect(
      await problems(
        'apps/portal/src/areas/vwseries/Example.tsx',
        [
          "import * as compute from '../compute/manifest.ts';",
          "import * as permission from '../compute/permission.ts';",
          "import * as own from './index.ts';",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('keeps the kit below the areas', async () => {
    const found = await problems(
      'apps/portal/src/kit/Example.tsx',
      "import * as auth from '../areas/auth/SignInPage.tsx';",
    );
    expect(found.join('\n')).toMatch(/never import an area/);
  });

  it('keeps one server area out of another area’s internals, and simulators off the portal’s tables', async () => {
    const across = await problems(
      'apps/server/src/areas/vwseries/example.ts',
      "import { listVms } from '../compute/repository/vms.ts';",
    );
    expect(across.join('\n')).toMatch(/only through its index\.ts/);
    expect(
      await problems(
        'apps/server/src/areas/vwseries/example.ts',
        "import { listVms } from '../compute/index.ts';",
      ),
    ).toEqual([]);
    const simulator = await problems(
      'apps/server/src/areas/compute/drivers/simulator/example.ts',
      "import { findVm } from '../../repository/vms.ts';",
    );
    expect(simulator.join('\n')).toMatch(/never reads or writes the portal's tables/);
  });

  it('composes the server from the areas list only: no area is wired in by hand', async () => {
    const wired = await problems(
      'apps/server/src/app.ts',
      "import { computeRoutes } from './areas/compute/routes.ts';",
    );
    expect(wired.join('\n')).toMatch(/only as the list in areas\/index\.ts/);
    const byIndex = await problems(
      'apps/server/src/db/example.ts',
      "import { computeArea } from '../areas/compute/index.ts';",
    );
    expect(byIndex.join('\n')).toMatch(/only as the list in areas\/index\.ts/);
    expect(
      await problems('apps/server/src/app.ts', "import { AREAS } from './areas/index.ts';"),
    ).toEqual([]);
  });

  it('keeps the design system away from the API', async () => {
    const found = await problems(
      'packages/ui/src/Button/Example.tsx',
      "import { computeApi } from '@portal/api/client';",
    );
    expect(found.join('\n')).toMatch(/knows nothing of the API/);
  });

  it('keeps each design-system component out of its siblings’ internals', async () => {
    const found = await problems(
      'packages/ui/src/Switch/Example.tsx',
      "import { ChoiceRow } from '../Checkbox/Checkbox.styles.ts';",
    );
    expect(found.join('\n')).toMatch(/move what they share to internal/);
    expect(
      await problems(
        'packages/ui/src/Switch/Example.tsx',
        [
          "import { Button } from '../Button/Button.tsx';",
          "import { ChoiceRow } from '../internal/choice.styles.ts';",
          "import { Track } from './Switch.styles.ts';",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('lets the server import the contract and the domain, and nothing else of packages/api', async () => {
    expect(
      await problems(
        'apps/server/src/example.ts',
        "import type { Vm } from '@portal/api/contract';\nimport { decidePower } from '@portal/api/domain';",
      ),
    ).toEqual([]);
    const found = await problems(
      'apps/server/src/example.ts',
      "import { createApiClient } from '@portal/api/client';",
    );
    expect(found.join('\n')).toMatch(/only the contract and the domain/);
  });
});
