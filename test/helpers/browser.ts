import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's chromium; tests never download a browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/** The rule sets axe checks: WCAG 2.0/2.1/2.2 levels A and AA, plus axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

let axeSource: Promise<string> | undefined;

/** Injects axe-core into the page and returns its violations. */
export async function runAxe(page: Page): Promise<Result[]> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: await axeSource });
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } };
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    // Only plain data crosses back to Node.
    return results.violations.map((violation) => ({
      ...violation,
      nodes: violation.nodes.map(({ element: _element, ...node }) => node),
    }));
  }, AXE_TAGS);
}

/** One line per violation (id, impact, help) and one indented line per offending node. */
export function formatViolations(violations: Result[]): string {
  return violations
    .flatMap((violation) => [
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}`,
      ...violation.nodes.map(
        (node) =>
          `    ${node.target.join(' >>> ')}${node.failureSummary ? `  — ${node.failureSummary.replace(/\s*\n\s*/g, ' ')}` : ''}`,
      ),
    ])
    .join('\n');
}
