// A worker thread starts without the parent's module hooks: register tsx, then load the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./markdown-worker.ts');
