import { spawn } from 'node:child_process';
import path from 'node:path';
import { InvalidArgumentError } from 'commander';
import type { BuildProblem } from '../pipeline/build.ts';
import type { CmsOptions } from '../pipeline/fetch/fetch-cms.ts';
import type { PreviewProblem } from '../pipeline/preview/live-events.ts';
import { startPreview, type PreviewRebuild } from '../pipeline/preview/start-preview.ts';

export interface PreviewCommandOptions {
  siteDir: string;
  cacheDir: string;
  previewDir: string | undefined;
  cms: CmsOptions | undefined;
  includeDrafts: boolean;
  port: number;
  pollSeconds: number | undefined;
  open: boolean;
  write: (text: string) => void;
}

/** `sitegen preview`: starts the preview, prints its URL and every rebuild, and stops cleanly on Ctrl-C or SIGTERM. */
export async function runPreview(options: PreviewCommandOptions): Promise<void> {
  const { write } = options;
  write(`Building the preview${options.includeDrafts ? ' with drafts' : ''}…\n`);
  const preview = await startPreview({
    siteDir: options.siteDir,
    cacheDir: options.cacheDir,
    previewDir: options.previewDir,
    cms: options.cms,
    includeDrafts: options.includeDrafts,
    port: options.port,
    pollSeconds: options.pollSeconds,
  }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new InvalidArgumentError(
      `port ${options.port} on 127.0.0.1 is taken; pick another with --port (0: any free port)`,
    );
  });
  // Content problems are printed when the list changes (and once when it becomes empty).
  let listed = '[]';
  const onRebuilt = (rebuild: PreviewRebuild) => {
    write(formatRebuild(rebuild));
    const problems = rebuild.report.problems ?? [];
    if (JSON.stringify(problems) === listed) return;
    listed = JSON.stringify(problems);
    write(formatContentProblems(problems));
  };
  const first = preview.status();
  if (first.lastRebuild) onRebuilt(first.lastRebuild);
  if (first.problem) write(formatProblem(first.problem));
  preview.events.on('rebuilt', onRebuilt);
  preview.events.on('problem', (problem) => write(formatProblem(problem)));
  write(
    `\nPreview at ${preview.url}  (built into ${path.relative(process.cwd(), preview.outDir) || '.'}; never out/)\n` +
      `Watching templates/, locales/, routes.json, redirects.json, site.json, content/ and public/.\n` +
      `${options.cms ? `CMS: POST ${preview.url}/__sitegen/refresh refetches what changed${options.pollSeconds ? `; also every ${options.pollSeconds} s` : ''}.\n` : ''}` +
      `Press Ctrl-C to stop.\n`,
  );
  if (options.open) openBrowser(preview.url, write);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      write('\nStopping the preview…\n');
      preview.close().then(resolve, resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

function formatRebuild({ version, ms, causes, report }: PreviewRebuild): string {
  const what = causes.includes('start')
    ? 'built'
    : `rebuilt (${[...new Set(causes)].slice(0, 3).join(', ')}${causes.length > 3 ? ', …' : ''})`;
  const warnings = report.warnings.length > 0 ? `; ${report.warnings.length} warnings` : '';
  return `#${version} ${what} in ${ms} ms: ${report.pagesRendered} of ${report.pages} pages rendered${warnings}\n`;
}

function formatContentProblems(problems: BuildProblem[]): string {
  if (problems.length === 0) return 'No content problems left.\n';
  const head = `${problems.length} content ${problems.length === 1 ? 'problem' : 'problems'}, built without (${problems.length === 1 ? 'it is' : 'they are'} also in the tabs and GET /__sitegen/status):\n`;
  return head + problems.map((problem) => `  ${problem.code}  ${problem.message}\n`).join('');
}

function formatProblem(problem: PreviewProblem): string {
  return `${problem.code}  ${problem.title}\n${problem.message.replace(/^/gm, '  ')}\n${problem.hint ? `hint: ${problem.hint}\n` : ''}The last good pages are still served.\n`;
}

function openBrowser(url: string, write: (text: string) => void): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  child.on('error', () => write(`Could not open a browser (${command}); open ${url} yourself.\n`));
  child.unref();
}
