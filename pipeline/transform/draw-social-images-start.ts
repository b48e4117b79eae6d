// The child process that draws social images for writeSocialImages (social-images.ts). Once ready it
// takes messages of images to draw (DrawingWork), one after the other, each image once whichever
// message names it: those of the entries read so far (drawn ahead), then the build's list (`last`),
// after which it says how many it drew with its CPU time (its start included) and ends, which gives
// libvips' memory back. It ends without drawing when the build lets it go (disconnects).
// `sitegen build` starts it from the CLI bundle (bin/cli-bundle.js), everything else through
// draw-social-images-child.js, which registers tsx first.
import { createImageDrawer, type DrawingWork, type DrawnInChild } from './social-images.ts';
import { sourceMappedStack } from '../source-mapped-stack.ts';

const drawers = new Map<string, ReturnType<typeof createImageDrawer>>();
const drawn = new Set<string>();
let queue = Promise.resolve();

process.on('message', (work: DrawingWork) => {
  queue = queue
    .then(() => draw(work))
    .catch((error: unknown) => {
      process.stderr.write(
        `${error instanceof Error && error.stack ? sourceMappedStack(error.stack) : String(error)}\n`,
      );
      process.exit(1);
    });
});

async function draw({ images, folder, last }: DrawingWork): Promise<void> {
  const fresh = images.filter((image) => !drawn.has(image.src));
  for (const image of fresh) drawn.add(image.src);
  let drawer = drawers.get(folder);
  if (!drawer) drawers.set(folder, (drawer = createImageDrawer(folder)));
  await drawer.draw(fresh);
  if (!last) return;
  const { user, system } = process.cpuUsage();
  const done: DrawnInChild = { drawn: drawn.size, cpuMs: Math.round((user + system) / 1000) };
  process.send!(done, () => process.exit(0));
}

// The build is gone (stopped, or killed): stop too, not drawing into its cache folder behind its back.
process.once('disconnect', () => process.exit(1));
// Started before its titles are known, so that Node and its modules have started when they come.
process.send!({ ready: true });
