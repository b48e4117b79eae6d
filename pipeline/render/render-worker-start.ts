// The start of a render worker: React is loaded at once, the templates only at the pool's first message,
// so that the preview's spare worker waits primed for the next template edit (Node cannot unload modules).
import { parentPort } from 'node:worker_threads';
import { RUNS_FROM_BUNDLE } from '../project-root.ts';

// Each thread has its own stack mapping: a template's error then names its .tsx file and line, as in the CLI's thread.
if (RUNS_FROM_BUNDLE) process.setSourceMapsEnabled(true);
await Promise.all([import('react'), import('react/jsx-runtime'), import('react-dom/server')]);
parentPort!.once('message', () => {
  void import('./render-worker.ts');
});
