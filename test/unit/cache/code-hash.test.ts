import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTemplateHashes, PAGE_COMPONENTS } from '../../../pipeline/cache/code-hash.ts';
import { REPO_ROOT } from '../../helpers/content.ts';

describe('template hashes', () => {
  it('name, for each page template, the component file that PageBody.tsx renders it with', async () => {
    const source = await readFile(path.join(REPO_ROOT, 'templates', 'pages', 'PageBody.tsx'), 'utf8');
    const fileOf = new Map<string, string>();
    for (const [, names, file] of source.matchAll(/import \{([^}]+)\} from '\.\/([A-Za-z]+\.tsx)'/g)) {
      for (const name of names!.split(',')) fileOf.set(name.trim(), `pages/${file}`);
    }
    const rendered = Object.fromEntries(
      [...source.matchAll(/case '([a-z-]+)':\s*return <([A-Za-z]+)/g)].map(([, template, component]) => [
        template,
        fileOf.get(component!),
      ]),
    );
    expect(rendered).toEqual(PAGE_COMPONENTS);
  });

  it('are equal for templates that share a component and differ for the others', async () => {
    const hashes = (await loadTemplateHashes()).templates;
    expect(hashes['blog-list']).toBe(hashes.countries);
    expect(hashes.pricing).not.toBe(hashes.home);
    expect(hashes.article).not.toBe(hashes['blog-list']);
    expect(new Set(Object.values(hashes)).size).toBe(new Set(Object.values(PAGE_COMPONENTS)).size);
  });
});
