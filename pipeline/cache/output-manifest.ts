import v8 from 'node:v8';
import { isDirectory, type OutputEntries, type PreviousGroup, type WrittenGroup } from '../emit/write-output.ts';
import { digest, type Store } from './store.ts';

/**
 * What an output folder holds, as the build that wrote it left it: per file, the key of what it was
 * made from (for pages, their inputs) and its size; per group of files (OutputGroup, the host's 54,000
 * redirect stubs), its key and its files' list (in the entry's tail: bytes the store neither serialises
 * nor copies), decoded only when a build needs it; the input key and report of that build. One entry
 * per output folder in the store's `output` stage, so a preview and a build sharing a cache folder keep
 * each other's; a small `head` beside it answers the quick up-to-date check without the file list.
 */
export interface OutputManifest<Report> {
  entries: OutputEntries;
  groups: Map<string, PreviousGroup & { list: Uint8Array }>;
  inputKey: string;
  report: Report;
}

interface SavedManifest<Report> {
  outDir: string;
  files: Array<[string, string, number]>;
  /** [name, key, files, bytes, the length of the files' list in the tail (V8-serialized [path, hash, bytes][])] */
  groups: Array<[string, string, number, number, number]>;
  inputKey: string;
  report: Report;
}

interface SavedHead<Report> {
  outDir: string;
  fingerprint: string;
  report: Report;
}

const STAGE = 'output';
const manifestKey = (outDir: string) => digest('manifest', outDir);
const headKey = (outDir: string) => digest('head', outDir);

/**
 * The previous build's files, when that build wrote this output folder and the folder is still there.
 * The folder is sitegen's: a file edited or deleted in it by hand stays so until its inputs change
 * (delete the folder to have the next build write it whole).
 */
export async function loadOutputManifest<Report>(
  store: Store,
  outDir: string,
): Promise<OutputManifest<Report> | undefined> {
  const entry = await store.getWithTail<SavedManifest<Report>>(STAGE, manifestKey(outDir));
  const saved = entry?.value;
  if (saved?.outDir !== outDir || !(await isDirectory(outDir))) return undefined;
  const tail = entry!.tail();
  let offset = 0;
  const groups = new Map(
    saved.groups.map(([name, key, files, bytes, length]) => {
      const list = tail.subarray(offset, (offset += length));
      let entries: OutputEntries | undefined;
      const group = { key, files, bytes, list, entries: async () => (entries ??= decodeList(list)) };
      return [name, group] as const;
    }),
  );
  return { entries: decodeList(saved.files), groups, inputKey: saved.inputKey, report: saved.report };
}

export async function writeOutputManifest<Report>(
  store: Store,
  outDir: string,
  manifest: {
    entries: OutputEntries;
    groups: ReadonlyMap<string, WrittenGroup>;
    previousGroups: OutputManifest<Report>['groups'] | undefined;
    inputKey: string;
    fingerprint: string | undefined;
    report: Report;
  },
): Promise<void> {
  const lists: Uint8Array[] = [];
  const groups = [...manifest.groups].flatMap(([name, group]): SavedManifest<Report>['groups'] => {
    // A group kept whole keeps the list the previous build saved.
    const list = group.entries ? v8.serialize(encodeList(group.entries)) : manifest.previousGroups?.get(name)?.list;
    if (!list) return [];
    lists.push(list);
    return [[name, group.key, group.files, group.bytes, list.length]];
  });
  const { inputKey, report } = manifest;
  await store.put(
    STAGE,
    manifestKey(outDir),
    { outDir, files: encodeList(manifest.entries), groups, inputKey, report } satisfies SavedManifest<Report>,
    Buffer.concat(lists),
  );
  if (manifest.fingerprint !== undefined)
    await store.put(STAGE, headKey(outDir), {
      outDir,
      fingerprint: manifest.fingerprint,
      report,
    } satisfies SavedHead<Report>);
}

/** The report of the build that wrote the output folder, when its input fingerprint is this one and the folder is there. */
export async function loadUnchangedReport<Report>(
  store: Store,
  outDir: string,
  fingerprint: string,
): Promise<Report | undefined> {
  const saved = await store.get<SavedHead<Report>>(STAGE, headKey(outDir));
  return saved?.outDir === outDir && saved.fingerprint === fingerprint && (await isDirectory(outDir))
    ? saved.report
    : undefined;
}

/** Before the output folder changes: a build stopped half-way must not leave a manifest the next one trusts. */
export async function dropOutputManifest(store: Store, outDir: string): Promise<void> {
  await store.drop(STAGE, headKey(outDir));
  await store.drop(STAGE, manifestKey(outDir));
}

function encodeList(entries: OutputEntries): Array<[string, string, number]> {
  return [...entries].map(([file, entry]) => [file, entry.hash, entry.bytes]);
}

function decodeList(list: Array<[string, string, number]> | Uint8Array): OutputEntries {
  const rows = (list instanceof Uint8Array ? v8.deserialize(list) : list) as Array<[string, string, number]>;
  return new Map(rows.map(([file, hash, bytes]) => [file, { hash, bytes }]));
}
