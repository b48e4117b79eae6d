// The start of a render worker: React is loaded at once, the templates only when the pool says so (its
// first message). A spare worker of the preview waits, primed, for the next template edit and then
// needs only to import the templates (Node cannot unload modules, so each edit needs a new worker).
// `sitegen build` starts it from the CLI bundle (bin/cli-bundle.js); the preview and the tests through
// render-worker-entry.js, which registers tsx first.
import { parentPort } from 'node:worker_threads';
import { RUNS_FROM_BUNDLE } from '../project-root.ts';

// Each thread has its own stack mapping: a template's error then names its .tsx file and line, as in the CLI's thread.
if (RUNS_FROM_BUNDLE) process.setSourceMapsEnabled(true);
await Promise.all([import('react'), import('react/jsx-runtime'), import('react-dom/server')]);
parentPort!.once('message', () => {
  void import('./render-worker.ts');
});
