import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface DiskFloor {
  files: number;
  bytes: number;
  /** Creating every file of the output (same paths and sizes) with one synchronous write each, in one thread. */
  ms: number;
  cpuMs: number;
}

/**
 * What the disk alone costs for an output: the folder's files written again (same relative paths and
 * sizes, zero bytes) into a sibling folder, then removed. File creation is a system call per file
 * whose cost depends on the filesystem, not on sitegen; on this machine's disk it is large.
 */
export function measureDiskFloor(outDir: string): DiskFloor {
  const files: Array<{ file: string; bytes: number }> = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push({ file: path.relative(outDir, full), bytes: statSync(full).size });
    }
  };
  walk(outDir);
  const target = `${outDir}-disk-floor`;
  const buffer = Buffer.alloc(Math.max(0, ...files.map((file) => file.bytes)));
  const folders = new Set<string>();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (const { file, bytes } of files) {
    const destination = path.join(target, file);
    const folder = path.dirname(destination);
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    writeFileSync(destination, buffer.subarray(0, bytes));
  }
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  rmSync(target, { recursive: true, force: true });
  return {
    files: files.length,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    ms: Math.round(ms),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  };
}
