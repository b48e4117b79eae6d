import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { BuildLogger, BuildOptions, BuildReport } from '../pipeline/build.ts';
import { checkBuildInputs, upToDateReport } from '../pipeline/cache/input-fingerprint.ts';
import { isSitegenError } from '../pipeline/errors.ts';
import type { CmsOptions } from '../pipeline/fetch/fetch-cms.ts';
import { HOST_NAMES, type HostName } from '../pipeline/site/host-names.ts';
import { formatCauses } from './format-causes.ts';
import { formatReport } from './format-report.ts';
import { PROJECT_ROOT_URL } from '../pipeline/project-root.ts';

// The pipeline (zod, React, Markdown, sharp …) is loaded by the commands that run it, and by `build`
// only once the quick up-to-date check has found something to do: a build with nothing changed, and
// --help, answer without loading it.

const packageJson = JSON.parse(readFileSync(new URL('package.json', PROJECT_ROOT_URL), 'utf8')) as { version: string };
const isCi = Boolean(process.env.CI);
const interactive = Boolean(process.stderr.isTTY) && !isCi;

const program = new Command()
  .name('sitegen')
  .description(
    'Builds the six-language website of a privacy-first web analytics service from a Strapi CMS or the embedded content.',
  )
  .version(packageJson.version)
  .showHelpAfterError();

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
  .option('--workers <n>', 'render worker threads (default: by page count)', (value) =>
    value === '0' ? 0 : positiveInteger(value),
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
  .action(async (flags: BuildFlags) => {
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
      log: createLogger(),
    };
    const started = performance.now();
    const checkedInputs = await checkBuildInputs(options);
    const report = checkedInputs?.unchanged
      ? upToDateReport(checkedInputs.unchanged, 0, [
          { stage: 'up to date', ms: Math.round(performance.now() - started) },
        ])
      : await (await import('../pipeline/build.ts')).build({ ...options, checkedInputs });
    clearProgress();
    process.stdout.write(formatReport(report, path.relative(process.cwd(), path.resolve(flags.out)) || '.'));
    process.stdout.write(
      `Host files for ${report.hosting.host}: ${report.hosting.redirects} redirects; files not to deploy in ${path.relative(process.cwd(), report.hosting.configDir) || '.'}/.\n`,
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
    const result = await pullSnapshot({
      cms,
      contentDir: path.join(path.resolve(flags.root), 'content'),
      cacheDir: path.resolve(flags.cacheDir),
      onProgress: createLogger().progress,
    });
    clearProgress();
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

let progressShown = false;

function createLogger(): BuildLogger {
  return {
    stage: (name) => {
      if (interactive) {
        process.stderr.write(`\r\x1b[K${name}…`);
        progressShown = true;
      } else {
        process.stderr.write(`${name}\n`);
      }
    },
    progress: (message) => {
      if (interactive) {
        process.stderr.write(`\r\x1b[K  ${message}`);
        progressShown = true;
      } else {
        process.stderr.write(`  ${message}\n`);
      }
    },
  };
}

function clearProgress(): void {
  if (progressShown) process.stderr.write('\r\x1b[K');
  progressShown = false;
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  clearProgress();
  if (error instanceof InvalidArgumentError) {
    process.stderr.write(`sitegen: ${error.message}\n`);
    process.exitCode = 2;
  } else if (isSitegenError(error)) {
    process.stderr.write(
      `${error.code}  ${error.message}\n${formatCauses(error)}${error.hint ? `hint: ${error.hint}\n` : ''}`,
    );
    process.exitCode = 1;
  } else {
    process.stderr.write(
      `${(error as Error)?.stack ?? String(error)}\n\nThis is a bug in sitegen, not in your content. Please report it with the output above.\n`,
    );
    process.exitCode = 1;
  }
}

export type { BuildReport };
