// Summarizes a V8 .cpuprofile (`node --cpu-prof`): the functions with the most self time, and the
// files (or packages) they are in. `node bin/run-ts.js bench/summarize-profile.ts <file.cpuprofile> [--top 30]`
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { formatTable } from './format-table.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '30' } },
});
const file = positionals[0];
if (!file) throw new Error('usage: summarize-profile.ts <file.cpuprofile> [--top 30]');
const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;

// Self time per node from the samples and their time deltas (µs).
const selfUs = new Map<number, number>();
profile.samples.forEach((id, index) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
const totalUs = profile.endTime - profile.startTime;

/** node_modules/<package> or the repo-relative path. */
const placeOf = (url: string) => {
  if (url === '') return '(native / V8)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  const repo = /\/(pipeline|templates|bench|bin)\/(.*)$/.exec(url);
  const place = repo ? `${repo[1]}/${repo[2]}` : url.replace(/^file:\/\//, '');
  return place.length > 60 ? `${place.slice(0, 57)}…` : place;
};
const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  if (us === 0) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const place = placeOf(url);
  const name = `${(functionName || '(anonymous)').slice(0, 40)}  ${place}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  byPlace.set(place, (byPlace.get(place) ?? 0) + us);
}
const top = Number(values.top);
const ms = (us: number) => (us / 1000).toFixed(0);
const pct = (us: number) => `${((us / totalUs) * 100).toFixed(1)} %`;
const rows = (map: Map<string, number>) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => [name, ms(us), pct(us)]);
process.stdout.write(`${file}: ${ms(totalUs)} ms profiled\n\n`);
process.stdout.write(`${formatTable([['function (self time)', 'ms', 'share'], ...rows(byFunction)])}\n\n`);
process.stdout.write(`${formatTable([['file or package (self time)', 'ms', 'share'], ...rows(byPlace)])}\n`);
