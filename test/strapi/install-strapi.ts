// Installs the Strapi versions the tests run against into the cache folder (see real-strapi.ts), both
// at once; a second run finds them there and only syncs the fixture's project files.
// Usage: node bin/run-ts.js test/strapi/install-strapi.ts [--dry-run]
// With --dry-run it only says which versions are cached and which would be installed.
import { installStrapi, strapiCacheRoot, strapiInstallState, type StrapiMajor } from './real-strapi.ts';

const majors: StrapiMajor[] = [4, 5];
if (process.argv.includes('--dry-run')) {
  for (const major of majors) {
    const { version, appDir, cached } = await strapiInstallState(major);
    console.log(`Strapi ${version}: ${cached ? 'cached in' : 'would be installed into'} ${appDir}`);
  }
  process.exit(0);
}
const started = Date.now();
const results = await Promise.allSettled(majors.map((major) => installStrapi(major, (line) => console.log(line))));
let failed = false;
for (const [index, result] of results.entries()) {
  if (result.status === 'fulfilled') {
    const { version, installed, ms } = result.value;
    console.log(`Strapi ${version}: ${installed ? 'installed' : 'cached'} in ${(ms / 1000).toFixed(1)} s`);
  } else {
    failed = true;
    console.error(`Strapi ${majors[index]}: install failed: ${(result.reason as Error).message}`);
  }
}
if (failed) {
  console.error(
    `The real-Strapi tests need these installs (cache: ${strapiCacheRoot()}); they need the npm registry and a C++ toolchain (better-sqlite3 builds from source).`,
  );
  process.exit(1);
}
console.log(`Strapi installs ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${strapiCacheRoot()})`);
