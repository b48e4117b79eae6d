import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/content.ts';

const run = promisify(execFile);
const SCRIPT = path.join(REPO_ROOT, 'test', 'setup', 'install-test-dependencies.sh');

describe('install-test-dependencies.sh', () => {
  it('names every Debian package the tests use, and the Strapi versions, without installing anything (--dry-run)', async () => {
    const { stdout } = await run('bash', [SCRIPT, '--dry-run', '--assume-missing'], { cwd: REPO_ROOT });
    expect(stdout).toContain(
      'Would install with apt: chromium fonts-liberation default-jre-headless nginx build-essential python3',
    );
    expect(stdout).toContain('apt-get update && apt-get install -y --no-install-recommends chromium');
    expect(stdout).toMatch(/Strapi 4\.25\.\d+: (cached in|would be installed into) .*\/v4-[0-9a-f]{12}/);
    expect(stdout).toMatch(/Strapi 5\.\d+\.\d+: (cached in|would be installed into) .*\/v5-[0-9a-f]{12}/);
  });

  it('refuses an unknown option', async () => {
    const failure = await run('bash', [SCRIPT, '--bogus'], { cwd: REPO_ROOT }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toContain('unknown option --bogus');
  });
});
