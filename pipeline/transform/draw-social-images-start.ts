// The child process that draws social images for writeSocialImages (social-images.ts): once ready it
// takes one message ({ images, folder }), draws them, says so with its CPU time (its start included)
// and ends, which gives libvips' memory back; it ends without drawing when the build lets it go
// (disconnects).
// `sitegen build` starts it from the CLI bundle (bin/cli-bundle.js), everything else through
// draw-social-images-child.js, which registers tsx first.
import { drawSocialImages, type SocialImage } from './social-images.ts';
import { sourceMappedStack } from '../source-mapped-stack.ts';

process.once('message', async ({ images, folder }: { images: SocialImage[]; folder: string }) => {
  try {
    await drawSocialImages(images, folder);
    const { user, system } = process.cpuUsage();
    process.send!({ drawn: true, cpuMs: Math.round((user + system) / 1000) }, () => process.exit(0));
  } catch (error) {
    process.stderr.write(`${error instanceof Error && error.stack ? sourceMappedStack(error.stack) : String(error)}\n`);
    process.exit(1);
  }
});
// The build is gone (stopped, or killed): stop too, not drawing into its cache folder behind its back.
process.once('disconnect', () => process.exit(1));
// Started before its titles are known, so that Node and its modules have started when they come.
process.send!({ ready: true });
