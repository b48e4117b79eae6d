import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEmbeddedSite, type BuiltSite } from '../helpers/built-site.ts';
import { REPO_ROOT } from '../helpers/content.ts';

const VNU_JAR = path.join(REPO_ROOT, 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
}

let site: BuiltSite | undefined;

beforeAll(async () => {
  site = await buildEmbeddedSite('html-validity');
}, 300_000);
afterAll(() => site?.cleanup());

/** Runs the Nu HTML Checker (vnu.jar) over a folder; its JSON report comes on stderr. */
function runVnu(folder: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--skip-non-html', folder], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              '`java` is not on the PATH: the HTML check needs a Java runtime (CI installs default-jre-headless in .ci/run)',
            )
          : error,
      ),
    );
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('the built site, validated by the Nu HTML Checker', () => {
  it('has no HTML errors on any page', async () => {
    const outDir = site!.outDir;
    const { code, stderr } = await runVnu(outDir);
    let messages: VnuMessage[];
    try {
      messages = (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
    } catch {
      throw new Error(`vnu.jar exited with ${code} without a JSON report:\n${stderr}`);
    }
    // A non-document error means vnu could not check a file: as much a failure as an HTML error.
    const errors = messages.filter((message) => message.type === 'error' || message.type === 'non-document-error');
    const lines = errors
      .map((message) => {
        const file = message.url
          ? path.relative(outDir, decodeURIComponent(new URL(message.url).pathname))
          : '(no file)';
        const where =
          message.lastLine === undefined
            ? file
            : `${file}:${message.lastLine}:${message.firstColumn ?? message.lastColumn ?? 0}`;
        return { message: `${message.type === 'error' ? '' : `[${message.type}] `}${message.message}`, where };
      })
      .sort((a, b) => a.message.localeCompare(b.message) || a.where.localeCompare(b.where, 'en', { numeric: true }))
      .map(({ message, where }) => `${where}  ${message}`);
    expect(
      errors.length,
      `${errors.length} HTML errors (file:line:column  message, grouped by message):\n  ${lines.join('\n  ')}\n`,
    ).toBe(0);
    expect(code, `vnu.jar exited with ${code} but reported no errors:\n${stderr}`).toBe(0);
  }, 600_000);
});
