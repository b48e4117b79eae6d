import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export interface OutputMeasure {
  files: number;
  bytes: number;
  htmlFiles: number;
  htmlBytes: number;
  medianHtmlBytes: number;
  largestHtml: Array<{ file: string; bytes: number }>;
  /** Bytes by kind: html, xml (sitemaps, feeds), _media, _assets, other. */
  bytesByKind: Record<string, number>;
  largestOther: Array<{ file: string; bytes: number }>;
}

function kindOf(file: string): string {
  if (file.startsWith('_media/')) return '_media';
  if (file.startsWith('_assets/')) return '_assets';
  if (file.endsWith('.html')) return 'html';
  if (file.endsWith('.xml')) return 'xml';
  return 'other';
}

/**
 * Files and bytes under a build's output folder, by walking it. `pages`: how many of the HTML files are
 * pages; the median page size is taken over that many of the largest (the others are redirect stubs of a
 * few hundred bytes, which a host past its rule limit gets one per localized-slug redirect).
 */
export async function measureOutput(outDir: string, pages: number): Promise<OutputMeasure> {
  const html: Array<{ file: string; bytes: number }> = [];
  const others: Array<{ file: string; bytes: number }> = [];
  const bytesByKind: Record<string, number> = {};
  let files = 0;
  let bytes = 0;
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        await walk(full);
        continue;
      }
      const size = (await stat(full)).size;
      files += 1;
      bytes += size;
      const file = path.relative(outDir, full).split(path.sep).join('/');
      const kind = kindOf(file);
      bytesByKind[kind] = (bytesByKind[kind] ?? 0) + size;
      (kind === 'html' ? html : others).push({ file, bytes: size });
    }
  };
  await walk(outDir);
  const sizes = html
    .map((file) => file.bytes)
    .sort((a, b) => a - b)
    .slice(-pages);
  return {
    files,
    bytes,
    htmlFiles: html.length,
    htmlBytes: sizes.reduce((sum, size) => sum + size, 0),
    medianHtmlBytes: sizes[Math.floor(sizes.length / 2)] ?? 0,
    largestHtml: [...html].sort((a, b) => b.bytes - a.bytes).slice(0, 3),
    bytesByKind,
    largestOther: [...others].sort((a, b) => b.bytes - a.bytes).slice(0, 3),
  };
}
