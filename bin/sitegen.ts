import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { BuildOptions, BuildReport } from '../pipeline/build.ts';
import { checkBuildInputs, upToDateReport } from '../pipeline/cache/input-fingerprint.ts';
import type { CmsOptions } from '../pipeline/fetch/fetch-cms.ts';
import { HOST_NAMES, type HostName } from '../pipeline/site/host-names.ts';
import { createBuildProgress, type BuildProgress } from './build-progress.ts';
import { formatReport } from './format-report.ts';
import { reportError } from './report-error.ts';
import { PROJECT_ROOT_URL } from '../pipeline/project-root.ts';

// The pipeline (zod, React, Markdown, sharp …) is loaded by the commands that run it, and by `build`
// only once the quick up-to-date check has found something to do: a build with nothing changed, and
// --help, answer without loading it.

const packageJson = JSON.parse(readFileSync(new URL('package.json', PROJECT_ROOT_URL), 'utf8')) as { version: string };
const isCi = Boolean(process.env.CI);
const interactive = Boolean(process.stderr.isTTY) && !isCi;

// Usage errors (an unknown option, a bad value) come back as a CommanderError instead of ending the
// process, so that they exit with EXIT.usage; the subcommands inherit both settings.
const program = new Command()
  .name('sitegen')
  .description(
    'Builds the six-language website of a privacy-first web analytics service from a Strapi CMS or the embedded content.',
  )
  .version(packageJson.version)
  .exitOverride()
  .showHelpAfterError('(add --help for the options)');

const positiveInteger = (value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 64)
    throw new InvalidArgumentError('expected a whole number from 1 to 64');
  return number;
};

const cmsOptions = (command: Command) =>
  command
    .addOption(
      new Option(
        '--cms <url>',
        "Strapi's REST root (https://cms.example.com/api) or the site proxy (…/api/cms); default: the embedded content",
      ).env('SITEGEN_CMS_URL'),
    )
    .addOption(new Option('--cms-token <token>', 'API token, sent as Authorization: Bearer').env('SITEGEN_CMS_TOKEN'))
    .option('--concurrency <n>', 'CMS requests in flight at once', positiveInteger, 4)
    .option('--root <dir>', 'the site folder (site.json, routes.json, locales/, content/)', '.');

cmsOptions(
  program
    .command('build')
    .description('Build the site into --out; the previous output stays untouched unless the whole build succeeds.'),
)
  .option('--out <dir>', 'output folder', 'out')
  .option('--drafts', 'include unpublished entries (with a draft ribbon and noindex)', false)
  .option('--skip-invalid', 'leave out entries that fail validation instead of failing the build', false)
  .option(
    '--strict',
    'fail the build when an entry uses an image the CMS cannot serve (default: build the page without it, with a warning)',
    false,
  )
  .option('--base-url <url>', "the site's public origin for canonical and hreflang URLs (default: site.json baseUrl)")
  .option(
    '--cache-dir <dir>',
    'media, cover colours, the last crawl and what out/ holds: what makes the next build incremental',
    '.cache/sitegen',
  )
  .option(
    '--full-crawl',
    'fetch every CMS entry, even when the cache holds the last crawl (otherwise only changes are fetched)',
    false,
  )
  .option(
    '--workers <n>',
    'render worker threads besides the main thread, which renders too (default: by page count)',
    (value) => (value === '0' ? 0 : positiveInteger(value)),
  )
  .addOption(
    new Option('--host <name>', 'whose redirect and header files to write (default: site.json host)').choices(
      HOST_NAMES,
    ),
  )
  .option(
    '--host-config-dir <dir>',
    'where files that are not deployed go: nginx configuration, the redirect manifest (default: <out>-host)',
  )
  .option('--verbose', 'also print the records per language, the CMS figures and the time of every step', false)
  .action(async (flags: BuildFlags) => {
    const progress = startProgress({ verbose: flags.verbose });
    const root = path.resolve(flags.root);
    const options: BuildOptions = {
      siteDir: root,
      outDir: path.resolve(flags.out),
      cacheDir: path.resolve(flags.cacheDir),
      cms: cmsFrom(flags),
      includeDrafts: flags.drafts,
      skipInvalid: flags.skipInvalid,
      strict: flags.strict,
      fullCrawl: flags.fullCrawl,
      baseUrl: flags.baseUrl,
      renderWorkers: flags.workers,
      host: flags.host,
      hostConfigDir: flags.hostConfigDir === undefined ? undefined : path.resolve(flags.hostConfigDir),
      log: progress.logger,
    };
    const started = performance.now();
    progress.logger.stage('up to date');
    const checkedInputs = await checkBuildInputs(options);
    const report = checkedInputs?.unchanged
      ? upToDateReport(checkedInputs.unchanged, 0, [
          { stage: 'up to date', ms: Math.round(performance.now() - started) },
        ])
      : await (await import('../pipeline/build.ts')).build({ ...options, checkedInputs });
    stopProgress();
    process.stdout.write(
      formatReport(report, {
        outDir: shownPath(options.outDir),
        hostConfigDir: shownPath(report.hosting.configDir),
        // From the process's start: what the user waited for.
        seconds: performance.now() / 1000,
        verbose: flags.verbose,
      }),
    );
  });

cmsOptions(
  program.command('pull').description('Rewrite the embedded snapshot (content/cms, content/uploads) from a live CMS.'),
)
  .option('--cache-dir <dir>', 'media cache', '.cache/sitegen')
  .action(async (flags: CmsFlags & { cacheDir: string }) => {
    const cms = cmsFrom(flags);
    if (!cms) throw new InvalidArgumentError('pull needs --cms <url> (or SITEGEN_CMS_URL)');
    const { pullSnapshot } = await import('../pipeline/fetch/pull-snapshot.ts');
    // The crawl's pages are what a pull is about: one plain line each outside a terminal.
    const progress = startProgress({ verbose: true });
    progress.logger.stage('fetch');
    const result = await pullSnapshot({
      cms,
      contentDir: path.join(path.resolve(flags.root), 'content'),
      cacheDir: path.resolve(flags.cacheDir),
      onProgress: progress.logger.progress,
    });
    stopProgress();
    process.stdout.write(`Pulled ${result.records} records and ${result.media} media files into content/.\n`);
  });

// --- preview ---
const portNumber = (value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535)
    throw new InvalidArgumentError('expected a port from 0 to 65535 (0: any free port)');
  return number;
};
const seconds = (value: string) => {
  const number = Number(value);
  if (!Number.isFinite(number) || number < 1 || number > 86_400)
    throw new InvalidArgumentError('expected a number of seconds from 1 to 86400');
  return number;
};

cmsOptions(
  program
    .command('preview')
    .description(
      'Build into a folder of its own (never out/), serve it on 127.0.0.1 and rebuild on every change until interrupted.',
    ),
)
  .option('--drafts', 'include unpublished entries (draft ribbon, noindex, CMS edit and source links)', false)
  .option('--port <n>', 'port on 127.0.0.1 (0: any free port)', portNumber, 4000)
  .option('--poll <seconds>', 'also refetch what changed in the CMS on this interval', seconds)
  .option('--open', 'open the preview in the default browser', false)
  .option('--cache-dir <dir>', 'media, cover-colour and page cache', '.cache/sitegen')
  .option('--dir <dir>', 'where the preview builds (default: <cache-dir>/preview)')
  .action(
    async (
      flags: CmsFlags & { drafts: boolean; port: number; poll?: number; open: boolean; cacheDir: string; dir?: string },
    ) => {
      const { runPreview } = await import('./preview-command.ts');
      await runPreview({
        siteDir: path.resolve(flags.root),
        cacheDir: path.resolve(flags.cacheDir),
        previewDir: flags.dir === undefined ? undefined : path.resolve(flags.dir),
        cms: cmsFrom(flags),
        includeDrafts: flags.drafts,
        port: flags.port,
        pollSeconds: flags.poll,
        open: flags.open,
        write: (text) => process.stdout.write(text),
      });
    },
  );
// --- end preview ---

interface CmsFlags {
  cms?: string;
  cmsToken?: string;
  concurrency: number;
  root: string;
}
interface BuildFlags extends CmsFlags {
  out: string;
  drafts: boolean;
  skipInvalid: boolean;
  strict: boolean;
  fullCrawl: boolean;
  baseUrl?: string;
  cacheDir: string;
  workers?: number;
  host?: HostName;
  hostConfigDir?: string;
  verbose: boolean;
}

function cmsFrom(flags: CmsFlags): CmsOptions | undefined {
  if (!flags.cms) return undefined;
  try {
    new URL(flags.cms);
  } catch {
    throw new InvalidArgumentError(
      `--cms "${flags.cms}" is not a URL; give the REST root, e.g. https://cms.example.com/api`,
    );
  }
  return { url: flags.cms, token: flags.cmsToken, concurrency: flags.concurrency };
}

/** A folder as the user would name it: relative to the working folder when inside it, else absolute. */
function shownPath(folder: string): string {
  const relative = path.relative(process.cwd(), folder);
  return relative === '' ? '.' : relative.startsWith('..') || path.isAbsolute(relative) ? folder : relative;
}

let activeProgress: BuildProgress | undefined;

function startProgress({ verbose }: { verbose: boolean }): BuildProgress {
  activeProgress = createBuildProgress({ write: (text) => process.stderr.write(text), interactive, verbose });
  return activeProgress;
}

function stopProgress(): void {
  activeProgress?.stop();
  activeProgress = undefined;
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  stopProgress();
  process.exitCode = reportError(error, (text) => process.stderr.write(text));
}

export type { BuildReport };
