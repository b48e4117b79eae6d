// The CLI as one ES module bundle (esbuild, split at its dynamic imports), kept in
// `.cache/sitegen-cli/<key>/` of the project and made again when a source file or the lockfile
// changes: `sitegen build` then loads the pipeline in about 80 ms instead of about 220 ms through tsx.
// The CLI's thread, its render workers and its social-image child run from it; `sitegen preview` runs
// through tsx as a whole (it reloads templates as they change).
//
// The dependencies are in the bundle too, so that each thread loads them as a few modules: loaded
// from node_modules, every CommonJS package imported from an ES module is scanned for its exports
// (Node's cjs-module-lexer, hot enough in each of the three threads to be optimised by V8) and every
// file it requires is found, read and compiled on its own.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** What the bundle is made from: a change of any of these (size or time) makes a new one. */
const SOURCES = ['bin', 'pipeline', 'templates'];
const SOURCE_FILES = ['package-lock.json', 'tsconfig.json'];
const FOLDER = path.join(ROOT, '.cache', 'sitegen-cli');

/** The bundle's entry module, made first if needed; undefined when it cannot be made (the caller falls back to tsx). */
export async function cliBundle() {
  const key = sourceKey();
  const folder = path.join(FOLDER, key);
  const entry = path.join(folder, 'sitegen.js');
  if (existsSync(entry)) {
    // Its time says when it was last used: only bundles unused for a day are pruned.
    try {
      const now = new Date();
      utimesSync(folder, now, now);
    } catch {
      // A read-only project: the bundle is used all the same.
    }
    return pathToFileURL(entry);
  }
  try {
    await makeBundle(folder);
  } catch (error) {
    process.stderr.write(
      `sitegen: could not bundle the CLI (${error instanceof Error ? error.message : String(error)}); running it through tsx\n`,
    );
    return undefined;
  }
  return pathToFileURL(entry);
}

function sourceKey() {
  const hash = createHash('sha256').update(`${ROOT}\0${process.version}\0`);
  const files = [...SOURCE_FILES];
  for (const dir of SOURCES) {
    for (const file of readdirSync(path.join(ROOT, dir), { recursive: true })) files.push(path.join(dir, String(file)));
  }
  for (const file of files.sort()) {
    const info = statSync(path.join(ROOT, file), { throwIfNoEntry: false });
    if (info?.isFile()) hash.update(`${file}\0${info.size}\0${info.mtimeMs}\0`);
  }
  return hash.digest('hex').slice(0, 20);
}

async function makeBundle(folder) {
  const { build, stop } = await import('esbuild');
  mkdirSync(FOLDER, { recursive: true });
  const staging = `${folder}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    // The render workers and the social-image child start from the bundle too (render-pool.ts, social-images.ts).
    entryPoints: {
      sitegen: path.join(ROOT, 'bin', 'sitegen.ts'),
      'render-worker-start': path.join(ROOT, 'pipeline', 'render', 'render-worker-start.ts'),
      'draw-social-images-start': path.join(ROOT, 'pipeline', 'transform', 'draw-social-images-start.ts'),
    },
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Loaded from node_modules: sharp and esbuild find their native binaries beside their own files;
    // tsx, chokidar and serve-handler are the preview's, which runs from the sources.
    external: ['sharp', 'esbuild', 'tsx', 'chokidar', 'serve-handler'],
    // For the bundled CommonJS packages' require() of Node's own modules.
    banner: {
      js: "import { createRequire as sitegenRequire } from 'node:module'; const require = sitegenRequire(import.meta.url);",
    },
    // Template errors name the template file and line (the render stage maps them off the stack with
    // these maps, read only then: pipeline/source-mapped-stack.ts).
    sourcemap: 'linked',
    sourcesContent: false,
    define: { SITEGEN_PROJECT_ROOT: JSON.stringify(pathToFileURL(ROOT).href), SITEGEN_BUNDLED: 'true' },
    logLevel: 'silent',
  }).finally(stop);
  try {
    renameSync(staging, folder);
  } catch {
    // Another sitegen made the same bundle at the same time: its copy is as good.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(path.join(folder, 'sitegen.js'))) throw new Error(`${folder} is not a bundle`);
  }
  pruneOld(folder);
}

/** Bundles not used for a day (a process started from one a moment ago may still load its chunks). */
function pruneOld(keep) {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of readdirSync(FOLDER)) {
    const folder = path.join(FOLDER, name);
    if (folder === keep) continue;
    const info = statSync(folder, { throwIfNoEntry: false });
    if (info && info.mtimeMs < dayAgo) rmSync(folder, { recursive: true, force: true });
  }
}
