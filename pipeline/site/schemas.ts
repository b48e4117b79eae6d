import { z } from 'zod';
import { LOCALES, type Locale } from '../locale.ts';
import { HOST_NAMES, type HostName } from './host-names.ts';
import { localeSchema } from '../locale-schema.ts';

/** Every named route of the spec. Templates, routes.json and urlFor all key on these. */
export const ROUTE_NAMES = [
  'index',
  'pricing',
  'blog',
  'blog-page',
  'blog-slug',
  'glossary',
  'glossary-category',
  'glossary-category-slug',
  'glossary-category-key-terms',
  'glossary-category-key-terms-slug',
  'google-analytics-countries',
  'google-analytics-countries-slug',
  'utm-generator',
  'video',
] as const;
export const routeNameSchema = z.enum(ROUTE_NAMES);
export type RouteName = z.infer<typeof routeNameSchema>;

const urlPattern = z
  .string()
  .regex(
    /^\/$|^(\/([a-z0-9]+(-[a-z0-9]+)*|\{[a-z]+\}))+$/,
    'must be "/" or lowercase segments and {params}, no trailing slash',
  );

/** One route's URL pattern in every locale. */
const routePatterns = z.strictObject(
  Object.fromEntries(LOCALES.map((locale) => [locale, urlPattern])) as Record<Locale, typeof urlPattern>,
);

export const routesFileSchema = z.strictObject(
  Object.fromEntries(ROUTE_NAMES.map((name) => [name, routePatterns])) as Record<RouteName, typeof routePatterns>,
);
export type RoutesFile = z.infer<typeof routesFileSchema>;

const httpsUrl = z.url({ protocol: /^https$/ });

export { HOST_NAMES, type HostName };

export const siteFileSchema = z.strictObject({
  product: z.string().min(1),
  baseUrl: httpsUrl.refine((url) => !url.endsWith('/'), 'must not end with a slash'),
  host: z.enum(HOST_NAMES),
  links: z.strictObject({
    docs: httpsUrl,
    contact: httpsUrl,
    signup: httpsUrl,
    login: httpsUrl,
    liveDemo: httpsUrl,
    status: httpsUrl,
    roadmap: httpsUrl,
    whatWeCollect: httpsUrl,
    weDontTrackYou: httpsUrl,
    api: httpsUrl,
    privacyPolicy: httpsUrl,
    cookieStatement: httpsUrl,
    terms: httpsUrl,
    termsNl: httpsUrl,
    companyDetails: httpsUrl,
  }),
  analytics: z.strictObject({ scriptUrl: httpsUrl, skip: z.boolean() }),
  newsletter: z.strictObject({ endpoint: httpsUrl }),
  video: z.strictObject({
    poster: httpsUrl,
    mp4: httpsUrl,
    webm: httpsUrl,
    captions: httpsUrl,
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
  socialImage: z.string().startsWith('/'),
  /** Customers named in the home page's trust section, in the order shown: their official names, set in type. */
  customers: z.array(z.strictObject({ name: z.string().trim().min(1), url: httpsUrl })),
  cms: z.strictObject({ adminUrl: httpsUrl }),
});
export type SiteFile = z.infer<typeof siteFileSchema>;

export const redirectStatusSchema = z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]);
const redirectStatus = redirectStatusSchema.default(308);
const routeParams = z.record(z.string().regex(/^[a-z]+$/), z.string().min(1));

/** One URL path (or https URL) to another. Only `force` lets a rule shadow a page of the build. */
const pathRedirectSchema = z.strictObject({
  from: z.string(),
  to: z.string().min(1),
  status: redirectStatus,
  force: z.boolean().default(false),
  comment: z.string().optional(),
});

/**
 * The same move in every locale, as the original's substring rules did: `from` and `to` are route
 * parameters, so `/nl/blog/<old>` goes to the Dutch URL of `<new>` (one hop, whatever its Dutch slug).
 */
const routeRedirectSchema = z.strictObject({
  route: routeNameSchema,
  from: routeParams,
  to: routeParams,
  status: redirectStatus,
  comment: z.string().optional(),
});

export const redirectsFileSchema = z.strictObject({
  redirects: z.array(z.union([pathRedirectSchema, routeRedirectSchema])),
});
export type RedirectsFile = z.infer<typeof redirectsFileSchema>;
export type PathRedirect = z.infer<typeof pathRedirectSchema>;
export type RouteRedirect = z.infer<typeof routeRedirectSchema>;

/** A locale file: flat keys to strings, `{0}`-style positional placeholders. */
export const localeFileSchema = z.record(
  z.string().regex(/^[a-z0-9_]+(\.[a-z0-9_]+)*$/, 'keys are dotted lowercase words'),
  z.string(),
);

export const localeMetaSchema = z.strictObject({
  code: localeSchema,
  iso: z.string().regex(/^[a-z]{2}-[A-Z]{2}$/),
  name: z.string(),
  flag: z.string().regex(/^[A-Z]{2}$/),
  dir: z.enum(['ltr', 'rtl']),
});

export const authorsFileSchema = z.record(
  z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  z.strictObject({ name: z.string().min(1), avatar: z.string().optional() }),
);

export const glossaryFileSchema = z.strictObject({
  categories: z.array(
    z.strictObject({
      category: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
      key: z.string().regex(/^[a-z]+$/),
      icon: z.string(),
    }),
  ),
});

export const countriesFileSchema = z.strictObject({
  ruledIllegal: z.array(z.strictObject({ code: z.string().regex(/^[A-Z]{2}$/), blogSlug: z.string() })),
});

export const plansFileSchema = z.strictObject({
  currencies: z.array(z.strictObject({ code: z.enum(['eur', 'usd', 'gbp']), sign: z.string().min(1) })).min(1),
  trialDays: z.number().int().positive(),
  plans: z
    .array(
      z.strictObject({
        id: z.enum(['starter', 'business', 'enterprise']),
        monthly: z.number().positive(),
        yearly: z.number().positive(),
        startingAt: z.boolean(),
        datapoints: z.number().int().positive(),
        users: z.number().int().positive(),
        websites: z.number().int().positive(),
        orMore: z.boolean(),
        features: z.array(
          z.enum(['events', 'aggregated_export', 'raw_export', 'email_support', 'priority_email_support']),
        ),
      }),
    )
    .length(3),
});
export type PlansFile = z.infer<typeof plansFileSchema>;
