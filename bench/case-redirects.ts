// The redirect model at scale with mixed-case slugs (issue 11): planRedirects and each host's files for
// 1,000 entries with their own slug in six locales (30,000 localized-slug redirects), once with lowercase
// slugs and once with mixed-case ones (6,000 lowercase-to-real-case redirects more). Medians of --runs (5).
// node bin/run-ts.js bench/case-redirects.ts [--runs 5] [--families 1000]
import { parseArgs } from 'node:util';
import { formatHostFiles } from '../pipeline/emit/hosts/format-host-files.ts';
import { LOCALES } from '../pipeline/locale.ts';
import { planHostManifest } from '../pipeline/plan/host-manifest.ts';
import { planRedirects, redirectInputs } from '../pipeline/plan/plan-redirects.ts';
import { HOST_NAMES } from '../pipeline/site/schemas.ts';
import { loadSite } from '../pipeline/site/load-site.ts';
import { blogPaths, makeBlogFamily, makeContent, makePages } from '../test/fixtures/hosts/redirect-model.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, families: { type: 'string', default: '1000' } },
});
const runs = Number(values.runs);
const count = Number(values.families);
const site = { ...(await loadSite(process.cwd())), redirects: [] };

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
for (const mixed of [false, true]) {
  const families = Array.from({ length: count }, (_, index) =>
    makeBlogFamily(
      `post-${index}`,
      Object.fromEntries(LOCALES.map((locale) => [locale, `${mixed ? 'Post' : 'post'}-${index}-${locale}-slug`])),
    ),
  );
  const samples: Record<string, number[]> = {};
  let rules = 0;
  for (let run = 0; run < runs; run += 1) {
    let started = performance.now();
    const planned = planRedirects(
      redirectInputs({ site, content: makeContent(families), pages: makePages(families.flatMap(blogPaths)) }),
    );
    (samples.planRedirects ??= []).push(performance.now() - started);
    rules = planned.plan.rules.length;
    const manifest = planHostManifest({ config: site.config, redirects: planned.plan });
    for (const host of HOST_NAMES) {
      started = performance.now();
      formatHostFiles({ host, manifest, outputFileCount: count * 6 + 500 });
      (samples[host] ??= []).push(performance.now() - started);
    }
  }
  const cells = Object.entries(samples).map(([name, times]) => `${name} ${median(times).toFixed(0)} ms`);
  console.log(`${mixed ? 'mixed-case' : 'lowercase '} slugs: ${rules} rules; medians of ${runs}: ${cells.join(', ')}`);
}
