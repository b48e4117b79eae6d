import type { BuildLogger } from '../pipeline/build.ts';

/**
 * What a user sees of a build while it runs: the pipeline's stages (build.ts) grouped into six phases,
 * in the order a build goes through them. A stage not listed here (a new one) keeps the phase before
 * it, so no name the user would not understand reaches the screen.
 */
export const PHASES: ReadonlyArray<{ phase: string; steps: readonly string[] }> = [
  { phase: 'checking for changes', steps: ['up to date'] },
  { phase: 'reading content', steps: ['load', 'fetch', 'validate'] },
  { phase: 'preparing content', steps: ['transform'] },
  { phase: 'planning pages', steps: ['plan'] },
  // The sitemaps and the host's files are made while the render workers run.
  { phase: 'rendering pages', steps: ['render and write'] },
  { phase: 'writing files', steps: ['save'] },
];

const PHASE_OF_STEP = new Map(PHASES.flatMap(({ phase, steps }) => steps.map((step) => [step, phase] as const)));

/** The phase a pipeline step belongs to; undefined for a step this table does not know. */
export function phaseOf(step: string): string | undefined {
  return PHASE_OF_STEP.get(step);
}

export interface BuildProgressOptions {
  /** Where the progress goes (stderr), so that the summary on stdout stays clean. */
  write: (text: string) => void;
  /** A terminal: one line rewritten in place. Otherwise (CI, a pipe) plain lines, one per phase. */
  interactive: boolean;
  /** Plain lines also for each progress message of the pipeline (the CMS crawl's pages, retries). */
  verbose: boolean;
}

export interface BuildProgress {
  logger: BuildLogger;
  /** Clears the live line (before the summary or an error is printed). */
  stop(): void;
}

/** How often the live line's clock moves. */
const TICK_MS = 250;

/** The build's progress: on a terminal one live line (`rendering pages… 4.2 s`), else one plain line per phase. */
export function createBuildProgress({ write, interactive, verbose }: BuildProgressOptions): BuildProgress {
  let phase: string | undefined;
  let detail = '';
  // The clock shows the time since the build started, not since the phase did: what the user waits for.
  let started: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let shown = false;

  const draw = () => {
    if (phase === undefined) return;
    const seconds = ((performance.now() - (started ?? performance.now())) / 1000).toFixed(1);
    const columns = process.stderr.columns || 80;
    const line = `${phase}… ${seconds} s${detail ? `  ${detail}` : ''}`;
    write(`\r\x1b[K${line.length > columns - 1 ? `${line.slice(0, columns - 2)}…` : line}`);
    shown = true;
  };

  const enter = (next: string) => {
    if (next === phase) return;
    phase = next;
    detail = '';
    started ??= performance.now();
    if (!interactive) write(`${next}…\n`);
  };

  return {
    logger: {
      stage: (step) => {
        enter(phaseOf(step) ?? phase ?? 'building');
        if (interactive) {
          timer ??= setInterval(draw, TICK_MS).unref();
          draw();
        }
      },
      progress: (message) => {
        if (interactive) {
          detail = message;
          draw();
        } else if (verbose) {
          write(`  ${message}\n`);
        }
      },
    },
    stop: () => {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (shown) write('\r\x1b[K');
      shown = false;
    },
  };
}
