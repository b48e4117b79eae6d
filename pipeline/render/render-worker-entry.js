// A worker thread starts without the parent's module hooks: tsx is registered here, then the worker
// starts as a bundled one does (render-worker-start.ts).
import { register } from 'tsx/esm/api';

register();
await import('./render-worker-start.ts');
