import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import type { PageTemplate } from '../plan/page-plan.ts';
import { PROJECT_ROOT_URL, RUNS_FROM_BUNDLE } from '../project-root.ts';
import { digest, replaceShared } from './store.ts';

const ROOT = PROJECT_ROOT_URL.pathname;
const TEMPLATES_DIR = new URL('templates/', PROJECT_ROOT_URL).pathname;

/**
 * A hash of the code that shapes the output outside the templates (pipeline, locked dependencies): part
 * of every cache key, so a changed renderer never serves a stale cached page or Markdown fragment. Once
 * per process: the preview reloads templates, never the pipeline.
 */
let engineHash: Promise<string> | undefined;

async function hashEngine(): Promise<string> {
  const files = (await fg(['pipeline/**/*.{ts,tsx,js,json}', 'package-lock.json'], { cwd: ROOT })).sort();
  return digest(
    ...(await Promise.all(files.map(async (file) => [file, await readFile(path.join(ROOT, file))]))).flat(),
  );
}

/**
 * The component file that renders each page template (the cases of templates/pages/PageBody.tsx; a
 * unit test keeps the two in step). A page template's hash covers this file's imports and the shell's.
 */
export const PAGE_COMPONENTS: Record<PageTemplate, string> = {
  home: 'pages/HomePage.tsx',
  pricing: 'pages/PricingPage.tsx',
  'blog-list': 'pages/ListPages.tsx',
  article: 'pages/ArticlePage.tsx',
  'glossary-overview': 'pages/ListPages.tsx',
  'glossary-category': 'pages/ListPages.tsx',
  'key-terms': 'pages/ListPages.tsx',
  countries: 'pages/ListPages.tsx',
  'utm-generator': 'pages/SimplePages.tsx',
  video: 'pages/SimplePages.tsx',
  'not-found': 'pages/SimplePages.tsx',
};

/** The code hashes every cache key takes: the pipeline's, each page template's and all templates' (the browser bundles' inputs). */
export interface CodeHashes {
  engine: string;
  templates: Record<PageTemplate, string>;
  allTemplates: string;
}

/**
 * Run from the CLI's bundle, the code hashes are kept beside its modules: the bundle's folder is made
 * again when any of its sources changes (bin/cli-bundle.js), so the sources it hashed are the sources it
 * runs. Through tsx (the preview reloads templates), they are hashed each time.
 */
const KEPT_HASHES: URL | undefined = RUNS_FROM_BUNDLE ? new URL('./code-hashes.json', import.meta.url) : undefined;

export async function loadCodeHashes(): Promise<CodeHashes> {
  const kept = KEPT_HASHES && (await readKeptHashes(KEPT_HASHES));
  if (kept) return kept;
  const [engine, templates] = await Promise.all([(engineHash ??= hashEngine()), loadTemplateHashes()]);
  const hashes: CodeHashes = { engine, ...templates };
  if (KEPT_HASHES) {
    // A project folder that cannot be written: the hashes are computed each time.
    await replaceShared(fileURLToPath(KEPT_HASHES), JSON.stringify(hashes)).catch(() => undefined);
  }
  return hashes;
}

async function readKeptHashes(file: URL): Promise<CodeHashes | undefined> {
  const kept = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as Partial<CodeHashes>,
    () => undefined,
  );
  const complete =
    typeof kept?.engine === 'string' &&
    typeof kept.allTemplates === 'string' &&
    Object.keys(PAGE_COMPONENTS).every((template) => typeof kept.templates?.[template as PageTemplate] === 'string');
  return complete ? (kept as CodeHashes) : undefined;
}

/** Every page shares the document and its shell; PageBody.tsx is hashed, but its page imports are not followed. */
const SHELL_ROOT = 'render-document.tsx';
const PAGE_SWITCH = 'pages/PageBody.tsx';

/**
 * Per page template, a hash of the template files its React tree can reach: the shell's (from
 * render-document.tsx) and its page component's, following relative imports inside templates/. Type
 * imports are followed too, which can only make a hash change more often, never less. Stylesheets and
 * browser bundles reach pages through their hashed URLs, not through this hash.
 */
export async function loadTemplateHashes(): Promise<Pick<CodeHashes, 'templates' | 'allTemplates'>> {
  const graph = await loadImportGraph();
  const shell = reachable(graph, [SHELL_ROOT], PAGE_SWITCH);
  const hashes = new Map<string, string>();
  const templates = {} as Record<PageTemplate, string>;
  for (const [template, component] of Object.entries(PAGE_COMPONENTS) as Array<[PageTemplate, string]>) {
    if (!hashes.has(component)) {
      const files = [...new Set([...shell, ...reachable(graph, [component], PAGE_SWITCH)])].sort();
      hashes.set(component, digest(...files.flatMap((file) => [file, graph.get(file)?.contents ?? ''])));
    }
    templates[template] = hashes.get(component)!;
  }
  return { templates, allTemplates: digest(...[...graph].flatMap(([file, { contents }]) => [file, contents])) };
}

interface TemplateFile {
  contents: string;
  imports: string[];
}

/** Relative specifiers after `from`, `import` or `import(`: static, side-effect, re-export and dynamic imports. */
const RELATIVE_IMPORT = /\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

async function loadImportGraph(): Promise<Map<string, TemplateFile>> {
  const files = (await fg(['**/*.{ts,tsx,js,jsx}'], { cwd: TEMPLATES_DIR })).sort();
  const known = new Set(files);
  const graph = new Map<string, TemplateFile>(files.map((file) => [file, { contents: '', imports: [] }]));
  await Promise.all(
    files.map(async (file) => {
      const contents = await readFile(path.join(TEMPLATES_DIR, file), 'utf8');
      const imports = [...contents.matchAll(RELATIVE_IMPORT)]
        .map((match) => path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]!)))
        .flatMap((target) =>
          [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`]
            .filter((candidate) => known.has(candidate))
            .slice(0, 1),
        );
      graph.set(file, { contents, imports });
    }),
  );
  return graph;
}

/** The files reachable from the roots; `leaf` is included but its imports are not followed. */
function reachable(graph: Map<string, TemplateFile>, roots: string[], leaf: string): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file !== leaf) stack.push(...(graph.get(file)?.imports ?? []));
  }
  return seen;
}
