import type { HostManifest } from '../../plan/host-manifest.ts';
import type { RedirectRule, RedirectStatus } from '../../plan/redirect-rule.ts';
import { decodeUrlPath } from '../../plan/url-path.ts';
import { ENCODED_CANONICAL_PATTERN } from '../../preview/route-request.ts';
import { describeRules, GENERATED, plural, type HostInput, type HostOutput } from './host-files.ts';

/** The configuration's folder in the host folder; deployed as `<nginx conf dir>/sitegen/`, which the includes name. */
const NGINX_DIR = 'nginx/sitegen';
const INCLUDE = 'sitegen';
/** Characters of a path echoed into a Location; the same set as routeRequest's SAFE_LOCATION. */
const SAFE_SEGMENT = '[A-Za-z0-9._~!&()*+,;=:@-]+';

/**
 * nginx (hosts.md §3.4): an http-context file with the maps (redirects in `map` include files whose hash
 * is sized for the key count, the canonical path, the root language) and a server-context file with
 * the locations: one-hop redirects, 308 to the canonical path, 307 by language on `/`, `try_files` for
 * the flat files, the 404 page of each locale with status 404, and the header policy on every response.
 * Written to the host folder, never into the public tree. nginx has no rule limits. Pure.
 */
export function formatNginx({ manifest }: HostInput): HostOutput {
  const byStatus = groupByStatus(manifest.redirects.rules.filter((rule) => rule.origin !== 'case'));
  const caseRules = manifest.redirects.rules.filter((rule) => rule.origin === 'case');
  // Keys as `$uri` has them (decoded); the targets stay encoded, as a Location wants them.
  const mapFile = (name: string | number, rules: RedirectRule[], value: (rule: RedirectRule) => string) => ({
    path: `${NGINX_DIR}/redirects-${name}.map`,
    contents: `# ${GENERATED}\n${rules.map((rule) => `${quote(decodeUrlPath(rule.from))} ${quote(value(rule))};`).join('\n')}\n`,
  });
  const mapFiles = [...byStatus].map(([status, rules]) => mapFile(status, rules, (rule) => rule.to));
  // String keys of a map match regardless of case, so `/blog/HIPAA` would find the key `/blog/hipaa` and
  // redirect to itself: a lowercase-to-real-case rule's value carries its source, which http.conf compares
  // with the request path, with case (one hash lookup and one regex per request, whatever the count).
  if (caseRules.length > 0)
    mapFiles.push(mapFile('case', caseRules, (rule) => `${decodeUrlPath(rule.from)}|${rule.to}`));
  return {
    publicFiles: [],
    configFiles: [
      { path: `${NGINX_DIR}/http.conf`, contents: formatHttpConf(manifest, byStatus, caseRules.length) },
      {
        path: `${NGINX_DIR}/server.conf`,
        contents: formatServerConf(manifest, [...byStatus.keys()], caseRules.length > 0),
      },
      { path: `${NGINX_DIR}/headers.conf`, contents: formatHeadersConf(manifest) },
      ...mapFiles,
    ],
  };
}

function formatHttpConf(
  manifest: HostManifest,
  byStatus: ReadonlyMap<RedirectStatus, RedirectRule[]>,
  caseRules: number,
): string {
  const largest = Math.max(0, ...[...byStatus.values()].map((rules) => rules.length));
  const hash = mapHashSize(
    largest,
    manifest.redirects.rules.reduce((longest, rule) => Math.max(longest, rule.from.length), 0),
  );
  const { targets } = manifest.redirects.rootLanguage;
  const redirectMaps = [...byStatus].flatMap(([status, rules]) => [
    `# ${plural(rules.length, `redirect with ${status}`, `redirects with ${status}`)}, looked up by the canonical path; nginx matches map keys regardless of case.`,
    `map $sitegen_path $sitegen_redirect_${status} {`,
    '    default "";',
    `    include ${INCLUDE}/redirects-${status}.map;`,
    '}',
  ]);
  if (caseRules > 0) {
    redirectMaps.push(
      `# ${plural(caseRules, 'lowercase-to-real-case redirect')} (308): the key matches regardless of case, so the`,
      '# rule is taken only when the request path is its source (the first part of the value) with its case.',
      'map $sitegen_path $sitegen_case_candidate {',
      '    default "";',
      `    include ${INCLUDE}/redirects-case.map;`,
      '}',
      'map "$sitegen_path|$sitegen_case_candidate" $sitegen_redirect_case {',
      '    default "";',
      '    "~^(?<sitegen_cs>[^|]*)\\|\\k<sitegen_cs>\\|(?<sitegen_ct>.+)$" $sitegen_ct;',
      '}',
    );
  }
  return `# ${GENERATED}
# nginx, http context, for ${manifest.baseUrl}: ${describeRules(manifest.redirects.rules)}.
# Install: copy this folder to <nginx conf dir>/${INCLUDE}/ and, in http { }:
#     include ${INCLUDE}/http.conf;
#     server { listen …; server_name …; root /path/to/out; include ${INCLUDE}/server.conf; }
# These directives apply to every map of the http block: nginx fails to start when the hash is too small.
map_hash_max_size ${hash.maxSize};
map_hash_bucket_size ${hash.bucketSize};

# The canonical path: $uri (decoded, "." segments resolved, slashes merged) without a trailing slash or ".html".
map $uri $sitegen_path {
    default $uri;
    "/index.html" "/";
    "/index" "/";
    "~^(?<sitegen_p>/.*?)(?:\\.html)?/*$" $sitegen_p;
}

${redirectMaps.join('\n')}

# A request URL that is not canonical: several slashes anywhere in the raw path, a trailing slash, ".html".
map $request_uri $sitegen_slashes {
    default 0;
    "~^[^?]*//" 1;
}
map "$uri|$sitegen_path" $sitegen_unchanged {
    default 0;
    "~^(?<sitegen_u>[^|]*)\\|\\k<sitegen_u>$" 1;
}
# Its 308 Location: the canonical path, only when it holds plain URL characters, so no hostile path
# ("//host", "/\\host", control characters) is ever echoed into a Location.
map "$sitegen_slashes$sitegen_unchanged|$sitegen_path" $sitegen_canonical {
    default "";
    "~^(?:1.|00)\\|(?<sitegen_c>/(?:${SAFE_SEGMENT}(?:/${SAFE_SEGMENT})*)?)$" $sitegen_c;
}
# The same for a path with encoded characters above ASCII ("/fr/blog/caf%C3%A9/"), taken from the raw
# request, which holds them encoded: plain characters and %XX of such bytes only, no empty or dot segments.
map $request_uri $sitegen_canonical_encoded {
    default "";
    "~${ENCODED_CANONICAL_PATTERN.replace('^(', '^(?<sitegen_e>')}" $sitegen_e;
}

# The root language: the locale cookie decides when it is set ("?" = stay); else the first Accept-Language entry.
map $cookie_locale $sitegen_cookie_language {
    default "?";
    "" "";
${targets.map((target) => `    ${quote(target.locale)} ${quote(target.urlPath)};`).join('\n')}
}
map $http_accept_language $sitegen_browser_language {
    default "";
${targets.map((target) => `    "~*^\\s*${target.locale}(?![a-z0-9])" ${quote(target.urlPath)};`).join('\n')}
}
map "$sitegen_cookie_language|$sitegen_browser_language" $sitegen_root_language {
    default "";
    "~^(?<sitegen_lc>/[^|]+)\\|" $sitegen_lc;
    "~^\\|(?<sitegen_lb>/.+)$" $sitegen_lb;
}
`;
}

function formatServerConf(manifest: HostManifest, statuses: readonly RedirectStatus[], hasCaseRules: boolean): string {
  const redirectIfs = [
    ...statuses.map(
      (status) => `    if ($sitegen_redirect_${status}) { return ${status} $sitegen_redirect_${status}$is_args$args; }`,
    ),
    ...(hasCaseRules ? ['    if ($sitegen_redirect_case) { return 308 $sitegen_redirect_case$is_args$args; }'] : []),
    '    if ($sitegen_canonical) { return 308 $sitegen_canonical$is_args$args; }',
    '    if ($sitegen_canonical_encoded) { return 308 $sitegen_canonical_encoded$is_args$args; }',
  ];
  const rootPage = manifest.redirects.notFound.find((page) => page.prefix === '/');
  const localePrefixes = manifest.redirects.notFound.filter((page) => page.prefix !== '/');
  const immutable = manifest.headers.immutable;
  const location = (match: string, ...lines: string[]) =>
    [`location ${match} {`, `    include ${INCLUDE}/headers.conf;`, ...lines, '}'].join('\n');
  const errorPage = (page: { outputPath: string }) => `    error_page 404 /${page.outputPath};`;
  const blocks = [
    location(
      '= /',
      `    add_header Vary ${quote(manifest.headers.rootVary)} always;`,
      '    if ($sitegen_canonical) { return 308 $sitegen_canonical$is_args$args; }',
      `    if ($sitegen_root_language) { return ${manifest.redirects.rootLanguage.status} $sitegen_root_language$is_args$args; }`,
      '    try_files /index.html =404;',
    ),
    location('/', ...redirectIfs, '    try_files $uri $uri.html =404;'),
    ...localePrefixes.map((page) =>
      location(page.prefix, ...redirectIfs, errorPage(page), '    try_files $uri $uri.html =404;'),
    ),
    ...manifest.redirects.notFound.flatMap((page) => [
      location(`= ${page.urlPath}`, errorPage(page), '    return 404;'),
      location(`= /${page.outputPath}`, errorPage(page), '    internal;'),
    ]),
    ...immutable.folders.map((folder) =>
      location(
        folder,
        `    add_header Cache-Control ${quote(immutable.cacheControl)} always;`,
        '    try_files $uri =404;',
      ),
    ),
  ];
  return `# ${GENERATED}
# nginx, server context, after \`root\` (see http.conf). Every location includes the headers, because a
# location with its own add_header inherits none from the server block.
absolute_redirect off;
error_page 404 /${rootPage?.outputPath ?? '404.html'};

${blocks.join('\n\n')}
`;
}

function formatHeadersConf(manifest: HostManifest): string {
  return `# ${GENERATED}\n${manifest.headers.security.map((header) => `add_header ${header.name} ${quote(header.value)} always;`).join('\n')}\n`;
}

/** The rules by status, the highest status first. */
function groupByStatus(rules: readonly RedirectRule[]): Map<RedirectStatus, RedirectRule[]> {
  const statuses = [...new Set(rules.map((rule) => rule.status))].sort((a, b) => b - a);
  return new Map(statuses.map((status) => [status, rules.filter((rule) => rule.status === status)]));
}

/**
 * A hash nginx can build for `keys` keys of up to `longest` characters: buckets that hold several
 * entries (an entry takes a pointer plus the key rounded up to 8 bytes) and room to spread them.
 */
function mapHashSize(keys: number, longest: number): { maxSize: number; bucketSize: number } {
  const entry = 8 + Math.ceil((longest + 2) / 8) * 8;
  return {
    maxSize: Math.max(2048, nextPowerOfTwo(keys) * 2),
    bucketSize: Math.max(128, nextPowerOfTwo(entry * 4 + 8)),
  };
}

function nextPowerOfTwo(value: number): number {
  return 2 ** Math.ceil(Math.log2(Math.max(1, value)));
}

/** A double-quoted nginx string; sources and targets hold no quotes, backslashes or `$` (checkRedirects). */
function quote(text: string): string {
  return `"${text}"`;
}
