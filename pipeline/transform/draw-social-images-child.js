// The social-image child started from the sources: tsx is registered here, then it runs as a bundled
// one does (draw-social-images-start.ts).
import { register } from 'tsx/esm/api';

register();
await import('./draw-social-images-start.ts');
