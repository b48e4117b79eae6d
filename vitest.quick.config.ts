import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:quick`: the tests for the edit-test loop (about 165 s of CPU in all, so under two minutes
 * of wall time when two cores are free). They need only Node and `npm ci`: no Chromium, nginx, Java (the
 * Nu HTML Checker) or real Strapi. That is the unit
 * tests, the fake Strapi's own tests, the regression tests, the check of what `npm test` installs, and
 * the CLI end to end (exit codes, output, a build of the embedded content). `npm test` runs everything
 * (vitest.config.ts), including the whole-site builds of test/e2e and test/site and what needs the tools:
 * test/browser (Chromium), test/strapi (Strapi 4 and 5), test/site/html-validity (Java),
 * test/site/customers (Chromium), and the nginx tests in test/e2e (cms-hard-cases, hosting-conformance,
 * large-redirects, nginx-statuses).
 */
// Not mergeConfig: it would add this include list to the base's, which takes every test.
export default defineConfig({
  test: {
    ...base.test,
    include: [
      'test/unit/**/*.test.ts',
      'test/fixtures/**/*.test.ts',
      'test/regressions/**/*.test.ts',
      'test/setup/**/*.test.ts',
      'test/e2e/cli.test.ts',
    ],
  },
});
