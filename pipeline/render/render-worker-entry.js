// A worker thread starts without the parent's module hooks: register tsx here, then load the
// TypeScript worker (as bin/sitegen.js does for the CLI).
import { register } from 'tsx/esm/api';

register();
await import('./render-worker.ts');
