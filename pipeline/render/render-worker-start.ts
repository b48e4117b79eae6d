// The start of a render worker: React is loaded at once, the templates only at the pool's first message,
// so that the preview's spare worker waits primed for the next template edit (Node cannot unload modules).
import { parentPort } from 'node:worker_threads';

await Promise.all([import('react'), import('react/jsx-runtime'), import('react-dom/server')]);
parentPort!.once('message', () => {
  void import('./render-worker.ts');
});
