import { describe, expect, it } from 'vitest';
import { createBuildProgress, phaseOf, PHASES } from '../../../bin/build-progress.ts';

function record(options: { interactive: boolean; verbose: boolean }) {
  let text = '';
  const progress = createBuildProgress({ ...options, write: (chunk) => (text += chunk) });
  return { progress, text: () => text };
}

const STEPS = ['up to date', 'load', 'fetch', 'validate', 'transform', 'plan', 'render and write', 'save'];

describe('the build progress', () => {
  it('prints one plain line per phase outside a terminal (CI), in user words, never a carriage return', () => {
    const { progress, text } = record({ interactive: false, verbose: false });
    for (const step of STEPS) progress.logger.stage(step);
    progress.logger.progress('articles en: 100 records in 1 pages');
    progress.stop();
    expect(text()).toBe(
      'checking for changes…\nreading content…\npreparing content…\nplanning pages…\nrendering pages…\nwriting files…\n',
    );
  });

  it('adds the pipeline’s progress messages as indented lines with --verbose', () => {
    const { progress, text } = record({ interactive: false, verbose: true });
    progress.logger.stage('fetch');
    progress.logger.progress('articles en: 100 records in 1 pages');
    expect(text()).toBe('reading content…\n  articles en: 100 records in 1 pages\n');
  });

  it('rewrites one line in place on a terminal and clears it at the end', () => {
    const { progress, text } = record({ interactive: true, verbose: false });
    progress.logger.stage('render and write');
    progress.logger.progress('media: trying again');
    progress.stop();
    expect(text()).not.toContain('\n');
    expect(text()).toMatch(
      /^\r\x1b\[Krendering pages… \d+\.\d s\r\x1b\[Krendering pages… \d+\.\d s {2}media: trying again\r\x1b\[K$/,
    );
  });

  it('keeps the phase before for a step it does not know, so no internal name is shown', () => {
    const { progress, text } = record({ interactive: false, verbose: false });
    progress.logger.stage('plan');
    progress.logger.stage('some new internal step');
    progress.logger.stage('render and write');
    expect(text()).toBe('planning pages…\nrendering pages…\n');
    expect(phaseOf('some new internal step')).toBeUndefined();
  });

  it('names each step in one phase only', () => {
    const steps = PHASES.flatMap((phase) => phase.steps);
    expect(new Set(steps).size).toBe(steps.length);
  });
});
