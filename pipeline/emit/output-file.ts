/** A file of the output: its contents, or a file to copy (media, public/). Paths are relative to the output root, with `/`. */
export type OutputFile = { path: string; contents: string | Uint8Array } | { path: string; copyFrom: string };
