import { EventEmitter } from 'node:events';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { build, type ContentMemo, type BuildProblem, type BuildReport } from '../build.ts';
import { SitegenError } from '../errors.ts';
import { fetchCmsEntries, type CmsOptions } from '../fetch/fetch-cms.ts';
import { fetchEntries } from '../fetch/fetch-entries.ts';
import type { FetchedContent } from '../fetch/raw-entry.ts';
import { LOCALES } from '../locale.ts';
import { HOST_MANIFEST_FILE } from '../plan/host-manifest.ts';
import { describeProblem } from './describe-problem.ts';
import { loadHostManifest } from './load-host-manifest.ts';
import { createLiveEvents, type PreviewProblem } from './live-events.ts';
import { createRenderPool } from '../render/render-pool.ts';
import { latestUpdatedAt, mergeEntries } from '../fetch/merge-entries.ts';
import { createRebuildQueue } from './rebuild-queue.ts';
import { createRequestHandler, type RequestHandler } from './request-handler.ts';
import { servePreview, type PreviewServer } from './serve-preview.ts';
import { watchSite, type SiteChange } from './watch-site.ts';

export interface PreviewOptions {
  /** Where site.json, routes.json, locales/, content/, public/ live. */
  siteDir: string;
  /** Media, cover colours, rendered Markdown and page manifests, shared with `sitegen build`. */
  cacheDir: string;
  /** The preview's own build folder (`out/` and `host/` inside); default `<cacheDir>/preview`. Never the site's `out/`. */
  previewDir?: string | undefined;
  /** A live CMS; undefined previews the embedded content. */
  cms: CmsOptions | undefined;
  includeDrafts: boolean;
  /** On 127.0.0.1; 0 picks a free port. */
  port: number;
  /** Also refetch what changed in the CMS every so many seconds. */
  pollSeconds?: number | undefined;
}

/** One rebuild that succeeded. */
export interface PreviewRebuild {
  /** Counts builds that succeeded; tabs compare it to know they are stale. */
  version: number;
  /** From the first change of the batch (or the refresh request) to the reload event sent to tabs. */
  ms: number;
  /** What caused it: changed files (`templates/pages/HomePage.tsx`), `cms`, or `start`. */
  causes: string[];
  /** URL paths of the pages rendered again ('all' tabs reload after a start, a recovery or a public/ change). */
  reloaded: string[] | 'all';
  report: BuildReport;
}

export type PreviewEvents = EventEmitter<{ rebuilt: [PreviewRebuild]; problem: [PreviewProblem] }>;

export interface Preview extends PreviewServer {
  /** The folder the preview builds into. */
  outDir: string;
  events: PreviewEvents;
  /** What `POST /__sitegen/refresh` does: refetch what changed in the CMS (everything with `full`), rebuild. */
  refresh(options?: { full?: boolean }): Promise<PreviewStatus>;
  status(): PreviewStatus;
}

export interface PreviewStatus {
  version: number;
  /** A change waits or a rebuild runs. */
  isBusy: boolean;
  /** What the overlay shows now, if anything: the last rebuild or CMS refresh failed (the last good pages stay served). */
  problem: PreviewProblem | undefined;
  /** What the served build went without (invalid entries, missing images, broken redirects, clashing pages); not blocking. */
  contentProblems: BuildProblem[];
  /** The last rebuild that succeeded. */
  lastRebuild: PreviewRebuild | undefined;
}

type PreviewChange =
  { kind: 'start' } | { kind: 'file'; change: SiteChange; at: number } | { kind: 'cms'; full: boolean; at: number };

/**
 * `sitegen preview`: build() into the preview's own folder, served on 127.0.0.1 by the hosting request
 * handler, rebuilt when a watched file or the CMS changes. Content problems never stop it (what they break
 * is left out and listed); a failed rebuild keeps the last good pages and shows an overlay in open tabs.
 * Resolves after the first build (which may have failed: see the overlay); throws when the CMS cannot be
 * read at start.
 */
export async function startPreview(options: PreviewOptions): Promise<Preview> {
  const siteDir = path.resolve(options.siteDir);
  const previewDir = path.resolve(options.previewDir ?? path.join(options.cacheDir, 'preview'));
  const outDir = path.join(previewDir, 'out');
  const hostDir = path.join(previewDir, 'host');
  assertNotSiteOutput(siteDir, previewDir);

  const events: PreviewEvents = new EventEmitter();
  const state = {
    version: 0,
    handler: undefined as RequestHandler | undefined,
    /** The size and time of the host manifest the handler was made from. */
    handlerManifest: undefined as string | undefined,
    buildProblem: undefined as PreviewProblem | undefined,
    cmsProblem: undefined as PreviewProblem | undefined,
    fetched: undefined as FetchedContent | undefined,
    lastRebuild: undefined as PreviewRebuild | undefined,
  };
  const problem = () => state.buildProblem ?? state.cmsProblem;
  /** What a tab is told when it connects; the status adds to it. */
  const current = () => ({
    version: state.version,
    problem: problem(),
    contentProblems: state.lastRebuild?.report.problems ?? [],
  });
  const live = createLiveEvents(current);
  // One worker that keeps the templates loaded, and a primed spare for the next template edit.
  const renderer = createRenderPool({ workers: 1, spare: true });
  const memo: ContentMemo = { validated: new WeakMap(), markdownBodies: new WeakMap(), recordKeys: new WeakMap() };
  const describe = (error: unknown) => describeProblem(error, siteDir, memo.site?.last?.site.messages);
  const showProblem = (found: PreviewProblem) => {
    live.send({ event: 'problem', data: found });
    events.emit('problem', found);
  };

  const contentDir = path.join(siteDir, 'content');
  const crawl = { locales: LOCALES, includeDrafts: options.includeDrafts };
  try {
    if (options.cms) state.fetched = await fetchEntries({ ...crawl, cms: options.cms, contentDir });
  } catch (error) {
    await renderer.close();
    throw error;
  }

  /**
   * Refetches what changed since the last crawl (everything with `full`); false when the CMS had nothing
   * new. A failure becomes the CMS state and keeps the last content.
   */
  const refreshCms = async (cms: CmsOptions, full: boolean): Promise<boolean> => {
    try {
      const updatedAfter = full || !state.fetched ? undefined : latestUpdatedAt(state.fetched.entries);
      const changed = updatedAfter
        ? await fetchCmsEntries({ ...crawl, cms, updatedAfter })
        : await fetchEntries({ ...crawl, cms, contentDir });
      state.fetched = updatedAfter && state.fetched ? mergeEntries(state.fetched, changed) : changed;
      state.cmsProblem = undefined;
      return !updatedAfter || changed.entries.length > 0;
    } catch (error) {
      state.cmsProblem = describe(error);
      showProblem(state.cmsProblem);
      return false;
    }
  };

  /** After a build that succeeded: serve it, tell the tabs which pages to reload, report it. */
  const publish = async (report: BuildReport, changes: PreviewChange[], started: number, hadProblem: boolean) => {
    // The build leaves the host folder as it was when the redirects did not change: so does the handler (its route table).
    const manifest = await stat(path.join(hostDir, HOST_MANIFEST_FILE)).catch(() => undefined);
    const manifestStamp = manifest && `${manifest.size}:${manifest.mtimeMs}`;
    if (!state.handler || manifestStamp === undefined || manifestStamp !== state.handlerManifest) {
      state.handler = createRequestHandler({ publicDir: outDir, manifest: await loadHostManifest(hostDir) });
      state.handlerManifest = manifestStamp;
    }
    state.buildProblem = undefined;
    const recovered = state.version === 0 || (hadProblem && problem() === undefined);
    const reloaded =
      recovered || changes.some((change) => change.kind === 'file' && change.change.area === 'public')
        ? 'all'
        : renderer.lastRendered();
    state.version += 1;
    live.send({ event: 'content-problems', data: { version: state.version, problems: report.problems ?? [] } });
    live.send({ event: 'reload', data: { version: state.version, pages: reloaded } });
    state.lastRebuild = {
      version: state.version,
      ms: Math.round(performance.now() - started),
      causes: changes.map((change) => (change.kind === 'file' ? change.change.file : change.kind)),
      reloaded,
      report,
    };
    events.emit('rebuilt', state.lastRebuild);
    if (state.cmsProblem) showProblem(state.cmsProblem);
  };

  const rebuild = async (changes: PreviewChange[]) => {
    const started = Math.min(...changes.map((change) => (change.kind === 'start' ? performance.now() : change.at)));
    const hadProblem = problem() !== undefined;
    const cmsChanges = changes.filter((change) => change.kind === 'cms');
    if (options.cms && cmsChanges.length > 0) {
      const isFull = cmsChanges.some((change) => change.full);
      const isNew = await refreshCms(options.cms, isFull);
      if (!isNew && cmsChanges.length === changes.length) {
        // Nothing to build; a CMS that answers again still clears the overlay in open tabs.
        if (hadProblem && problem() === undefined)
          live.send({ event: 'reload', data: { version: state.version, pages: 'all' } });
        return;
      }
    }
    try {
      const report = await build({
        siteDir,
        outDir,
        cacheDir: options.cacheDir,
        hostConfigDir: hostDir,
        // The request handler serves redirects from the manifest; nginx's files stay out of the
        // public folder, where other hosts' formats can add thousands of redirect stubs per build.
        host: 'nginx',
        cms: options.cms,
        includeDrafts: options.includeDrafts,
        // One editor's entry never blocks the others: what the content gets wrong is left out and listed.
        skipInvalid: true,
        strict: false,
        dropBrokenRedirects: true,
        dropClashingPages: true,
        session: { fetched: state.fetched, renderPool: renderer, memo },
      });
      await publish(report, changes, started, hadProblem);
    } catch (error) {
      // A file that changed again during the build was probably read half-written (editors often write in
      // several steps): the next rebuild decides, and a passing error never flashes in the tabs.
      if (queue.hasPending()) return;
      state.buildProblem = describe(error);
      showProblem(state.buildProblem);
    }
  };

  const queue = createRebuildQueue<PreviewChange>({ debounceMs: 30, rebuild });
  const watcher = await watchSite(siteDir, (change) => {
    // A new worker starts importing the templates while the debounce runs; stylesheets are read by the build itself.
    if (change.area === 'templates' && !change.file.endsWith('.css')) renderer.reload();
    void queue.add({ kind: 'file', change, at: performance.now() });
  });
  let server: PreviewServer | undefined;
  let poll: NodeJS.Timeout | undefined;
  const close = async () => {
    clearInterval(poll);
    await watcher.close();
    await queue.close();
    await server?.close();
    await renderer.close();
  };
  const status = (): PreviewStatus => ({ ...current(), isBusy: queue.isBusy(), lastRebuild: state.lastRebuild });
  const refresh = async ({ full = false }: { full?: boolean } = {}): Promise<PreviewStatus> => {
    await queue.add({ kind: 'cms', full, at: performance.now() }, { immediate: true });
    return status();
  };

  try {
    server = await servePreview({
      port: options.port,
      events: live,
      currentHandler: () => state.handler,
      refresh,
      status,
    });
    await queue.add({ kind: 'start' }, { immediate: true });
  } catch (error) {
    await close();
    throw error;
  }
  if (options.pollSeconds)
    poll = setInterval(
      () => void queue.add({ kind: 'cms', full: false, at: performance.now() }),
      options.pollSeconds * 1000,
    );
  return { url: server.url, outDir, events, refresh, status, close };
}

/** Drafts must never reach the deployable output: the preview refuses to build into (or around) `<site>/out`. */
function assertNotSiteOutput(siteDir: string, previewDir: string): void {
  const siteOut = path.join(siteDir, 'out');
  const inside = (dir: string, parent: string) => dir === parent || dir.startsWith(`${parent}${path.sep}`);
  if (inside(previewDir, siteOut) || inside(siteOut, previewDir)) {
    throw new SitegenError({
      code: 'OUTPUT_WRITE_FAILED',
      message: `refusing to build the preview into ${previewDir}: it holds or is inside the site's output ${siteOut}`,
      hint: 'give the preview a folder of its own (the default is <cache-dir>/preview)',
    });
  }
}
