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
