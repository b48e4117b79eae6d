import type { SiteFile } from '../site/schemas.ts';
import { INLINE_SCRIPTS } from '../../templates/browser/inline-scripts.ts';
import { planHeaders, type HeaderPolicy } from './plan-headers.ts';
import type { RedirectPlan } from './redirect-rule.ts';

/**
 * Everything a host must do beyond serving files, host-neutral: the redirects, the root language
 * detection, the 404 page per locale and the response headers. Every host format is written from it;
 * the preview's request handler reads it (`manifest.json` in the host folder).
 */
export interface HostManifest {
  version: 1;
  baseUrl: string;
  redirects: RedirectPlan;
  headers: HeaderPolicy;
}

/** The manifest's name in the host folder (beside the output, never deployed). */
export const HOST_MANIFEST_FILE = 'manifest.json';

/**
 * The inline script of an HTML redirect stub: it carries the query string and fragment along, which a
 * meta refresh drops. The same bytes in every stub (it reads the target from the stub's link), so one
 * hash in the Content-Security-Policy allows it.
 */
export const REDIRECT_STUB_SCRIPT =
  "(function(){var a=document.getElementById('to');if(a)location.replace(a.getAttribute('href')+location.search+location.hash)})()";

/** The manifest of a build: its redirect plan and the header policy, which allows sitegen's inline scripts by hash. Pure. */
export function planHostManifest({ config, redirects }: { config: SiteFile; redirects: RedirectPlan }): HostManifest {
  return {
    version: 1,
    baseUrl: config.baseUrl,
    redirects,
    headers: planHeaders({ config, inlineScripts: [...INLINE_SCRIPTS, REDIRECT_STUB_SCRIPT] }),
  };
}
