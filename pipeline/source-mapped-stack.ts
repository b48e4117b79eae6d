import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { RUNS_FROM_BUNDLE } from './project-root.ts';

/**
 * An error's stack with the CLI bundle's frames (`…/.cache/sitegen-cli/<key>/chunk-X.js:12:7`) named
 * by their source files instead (`…/templates/pages/HomePage.tsx:40:9`). A chunk's source map is read
 * only when one of its frames is in a stack that is shown: Node's own mapping
 * (`process.setSourceMapsEnabled`) reads and indexes every map as its module loads, about 0.2 s of
 * CPU in each thread for maps that a build without an error never uses. Run through tsx, stacks
 * already name the sources and are returned as they are.
 */
export function sourceMappedStack(stack: string): string {
  if (!RUNS_FROM_BUNDLE) return stack;
  return stack.replace(BUNDLE_FRAME, (frame: string, url: string, line: string, column: string) => {
    const map = mapOf(url);
    // findEntry counts lines and columns from 0; stacks count from 1.
    const entry = map?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry || !('originalSource' in entry)) return frame;
    return `${new URL(entry.originalSource, url).href}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}

/** `file:///…/chunk-X.js:12:7` in a frame of a module in this bundle's folder. */
const BUNDLE_FRAME = new RegExp(
  `(${escapeRegExp(new URL('./', import.meta.url).href)}[^\\s:()]+\\.js):(\\d+):(\\d+)`,
  'g',
);

const maps = new Map<string, SourceMap | undefined>();

function mapOf(url: string): SourceMap | undefined {
  if (!maps.has(url)) {
    let map: SourceMap | undefined;
    try {
      map = new SourceMap(JSON.parse(readFileSync(new URL(`${url}.map`), 'utf8')));
    } catch {
      // No map beside the chunk (a bundle being pruned): the frame stays as it is.
    }
    maps.set(url, map);
  }
  return maps.get(url);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
