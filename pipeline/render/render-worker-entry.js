// A worker thread starts without the parent's module hooks: register tsx here. React is loaded at once,
// the templates only when the pool says so (its first message): a spare worker of the preview waits,
// primed, for the next template edit and then needs only to import the templates (Node cannot unload
// modules, so each edit of the templates needs a new worker).
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await Promise.all([import('react'), import('react/jsx-runtime'), import('react-dom/server')]);
parentPort.once('message', () => {
  void import('./render-worker.ts');
});
