import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { SitegenError } from '../errors.ts';
import { localeSchema } from '../locale-schema.ts';
import { HOST_MANIFEST_FILE, type HostManifest } from '../plan/host-manifest.ts';
import { redirectStatusSchema } from '../site/schemas.ts';
import { formatZodIssues } from '../zod-issues.ts';

const manifestSchema = z.strictObject({
  version: z.literal(1),
  baseUrl: z.string(),
  redirects: z.strictObject({
    rules: z.array(
      z.strictObject({
        from: z.string(),
        to: z.string(),
        status: redirectStatusSchema,
        origin: z.enum(['list', 'slug', 'case']),
        force: z.boolean(),
        label: z.string(),
      }),
    ),
    rootLanguage: z.strictObject({
      cookie: z.literal('locale'),
      status: z.literal(307),
      targets: z.array(z.strictObject({ locale: localeSchema, urlPath: z.string() })),
    }),
    notFound: z.array(
      z.strictObject({ locale: localeSchema, prefix: z.string(), urlPath: z.string(), outputPath: z.string() }),
    ),
  }),
  headers: z.strictObject({
    security: z.array(z.strictObject({ name: z.string(), value: z.string() })),
    immutable: z.strictObject({ folders: z.array(z.string()), cacheControl: z.string() }),
    rootVary: z.string(),
  }),
});

/** Reads the host manifest a build wrote (`<host folder>/manifest.json`); throws SITE_CONFIG_INVALID when it is missing or malformed. */
export async function loadHostManifest(hostConfigDir: string): Promise<HostManifest> {
  const file = path.join(hostConfigDir, HOST_MANIFEST_FILE);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new SitegenError({
      code: 'SITE_CONFIG_INVALID',
      message: `${file} cannot be read: ${(error as Error).message}`,
      hint: 'build the site first (sitegen build); the manifest is written beside the output',
      cause: error,
    });
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new SitegenError({
      code: 'SITE_CONFIG_INVALID',
      message: `${file} is not a sitegen host manifest.\n${formatZodIssues(parsed.error)
        .map((line) => `  ${line}`)
        .join('\n')}`,
      hint: 'build the site again with this version of sitegen',
    });
  }
  return parsed.data;
}
