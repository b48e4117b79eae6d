// The child process that draws social images for writeSocialImages (social-images.ts). Once ready it
// takes messages of images to draw (DrawingWork), one after the other: each image once, whichever
// message names it, and none that is whole in the folder already. First those of the entries read so
// far (drawn ahead), then the build's list (`last`), after which it says how many it drew with its CPU
// time (its start included) and ends, which gives libvips' memory back. It ends without drawing when
// the build lets it go (disconnects).
// `sitegen build` starts it from the CLI bundle (bin/cli-bundle.js), everything else through
// draw-social-images-child.js, which registers tsx first.
import path from 'node:path';
import {
  createImageDrawer,
  distinctImages,
  isWholeImage,
  type DrawingWork,
  type DrawnInChild,
  type SocialImage,
} from './social-images.ts';
import { sourceMappedStack } from '../source-mapped-stack.ts';

const drawers = new Map<string, ReturnType<typeof createImageDrawer>>();
/** The images named so far (drawn, or found whole), and how many were drawn. */
const seen = new Set<string>();
let drawn = 0;
/**
 * Work that came while the child drew: taken all at once, so that the images of many snapshot files are
 * laid out and their new glyphs drawn in one go (a call per file drew a few glyphs each time).
 */
const waiting: DrawingWork[] = [];
let busy = false;

process.on('message', (work: DrawingWork) => {
  waiting.push(work);
  if (!busy) void drawWaiting();
});

async function drawWaiting(): Promise<void> {
  busy = true;
  try {
    while (waiting.length > 0) {
      const works = waiting.splice(0);
      for (const folder of new Set(works.map((work) => work.folder)))
        await draw(
          works.filter((work) => work.folder === folder).flatMap((work) => work.images),
          folder,
        );
      if (works.some((work) => work.last)) return end();
    }
  } catch (error) {
    process.stderr.write(`${error instanceof Error && error.stack ? sourceMappedStack(error.stack) : String(error)}\n`);
    process.exit(1);
  }
  busy = false;
}

async function draw(images: SocialImage[], folder: string): Promise<void> {
  // Each image once; none that an earlier build left whole in the folder (a cache kept, the output not).
  const fresh = distinctImages(images).filter((image) => !seen.has(image.src));
  for (const image of fresh) seen.add(image.src);
  const missing = fresh.filter((image) => !isWholeImage(path.join(folder, path.basename(image.src))));
  let drawer = drawers.get(folder);
  if (!drawer) drawers.set(folder, (drawer = createImageDrawer(folder)));
  await drawer.draw(missing);
  drawn += missing.length;
}

/** Says how many it drew, with its CPU time, and ends. */
function end(): void {
  const { user, system } = process.cpuUsage();
  const done: DrawnInChild = { drawn, cpuMs: Math.round((user + system) / 1000) };
  process.send!(done, () => process.exit(0));
}

// The build is gone (stopped, or killed): stop too, not drawing into its cache folder behind its back.
process.once('disconnect', () => process.exit(1));
// Started before its titles are known, so that Node and its modules have started when they come.
process.send!({ ready: true });
