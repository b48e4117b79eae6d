import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { planHeaders } from '../../../pipeline/plan/plan-headers.ts';
import { planHostManifest, REDIRECT_STUB_SCRIPT } from '../../../pipeline/plan/host-manifest.ts';
import { loadSite } from '../../../pipeline/site/load-site.ts';
import { INLINE_SCRIPTS } from '../../../templates/browser/inline-scripts.ts';
import { FIXED_CONFIG } from '../../fixtures/hosts/fixed-manifest.ts';
import { REPO_ROOT } from '../../helpers/content.ts';

const directives = (csp: string) =>
  new Map(csp.split('; ').map((directive) => [directive.split(' ')[0]!, directive.split(' ').slice(1)]));
const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

describe('planHeaders', () => {
  it('allows exactly sitegen’s inline scripts by hash, never unsafe-inline for scripts or style elements', async () => {
    const manifest = planHostManifest({
      config: (await loadSite(REPO_ROOT)).config,
      redirects: { rules: [], rootLanguage: { cookie: 'locale', status: 307, targets: [] }, notFound: [] },
    });
    const csp = directives(
      manifest.headers.security.find((header) => header.name === 'Content-Security-Policy')!.value,
    );
    expect(csp.get('script-src')).toEqual([
      "'self'",
      ...[...INLINE_SCRIPTS, REDIRECT_STUB_SCRIPT].map(hash).sort(),
      'https://scripts.simpleanalyticscdn.com',
    ]);
    expect(csp.get('style-src-elem')).toEqual(["'self'"]);
    expect(csp.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(csp.get('form-action')).toEqual(["'self'", 'https://simpleanalytics.com/subscribe']);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://simpleanalytics.com/subscribe',
      'https://queue.simpleanalyticscdn.com',
    ]);
    expect(csp.get('media-src')).toEqual(["'self'", 'https://assets.simpleanalytics.com']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('names every header of the policy once, and the long caching of the hashed folders', () => {
    const policy = planHeaders({ config: FIXED_CONFIG, inlineScripts: ['a()'] });
    expect(policy.security.map((header) => header.name)).toEqual([
      'Content-Security-Policy',
      'Strict-Transport-Security',
      'Referrer-Policy',
      'X-Content-Type-Options',
      'Permissions-Policy',
      'Cross-Origin-Opener-Policy',
    ]);
    expect(policy.security.find((header) => header.name === 'Referrer-Policy')!.value).toBe(
      'strict-origin-when-cross-origin',
    );
    expect(policy.immutable).toEqual({
      folders: ['/_assets/', '/_media/'],
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect(policy.rootVary).toBe('Cookie, Accept-Language');
  });

  it('leaves the analytics origins out when analytics are skipped', () => {
    const policy = planHeaders({
      config: { ...FIXED_CONFIG, analytics: { ...FIXED_CONFIG.analytics, skip: true } },
      inlineScripts: [],
    });
    expect(policy.security[0]!.value).not.toContain('simpleanalyticscdn.com');
  });
});
