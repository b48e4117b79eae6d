/** A file of the output. Paths are relative to the output root, with `/`. */
export type OutputFile = { path: string; contents: string | Uint8Array } | CopiedFile | KeptFile;

/**
 * A copy of a file on disk (public/, mirrored media). `link`: the source is never changed in place (the
 * media cache writes new files under new names), so a hard link can stand for the copy.
 */
export interface CopiedFile {
  path: string;
  copyFrom: string;
  link?: boolean;
}

/** A page whose inputs did not change since the previous build: the copy in the output folder stays. */
export interface KeptFile {
  path: string;
  kept: true;
}

/**
 * Files recorded as one in the output manifest (the host's public files), under a key of what they are
 * made from. With `files`, each is written like any other file; without, the previous build's group of
 * this name and key stays as it is: none of its files is read, written or listed.
 */
export interface OutputGroup {
  group: string;
  key: string;
  files?: OutputFile[] | undefined;
}

/** What the writer takes: files, and groups of them. */
export type OutputItem = OutputFile | OutputGroup;
