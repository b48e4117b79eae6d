import { z } from 'zod';
import { localeSchema } from '../locale-schema.ts';
import { slugProblem } from './slug.ts';

const isoInstant = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time' });
const slug = z.string().superRefine((value, context) => {
  const problem = slugProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});
/** Site-relative (`/uploads/…`) or http(s); never `javascript:` or `data:`. */
const mediaUrl = z
  .string()
  .regex(/^(https?:\/\/[^\s]+|\/[^/\\\s][^\s]*)$/, 'must be an http(s) URL or a path starting with /');
const hexColour = z.string().regex(/^#?[0-9a-fA-F]{6}$/, 'must be six hex digits');

// Media objects and localizations keep only the fields the pipeline reads: Strapi sends a dozen more
// per image format (name, hash, ext, size …), which would otherwise be kept with every record (the
// snapshot records in the cache, a rebuild's memory). Unknown fields are accepted and left out.
const mediaFormatSchema = z.object({
  url: mediaUrl,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

const colourMetaSchema = z.object({
  averageColorHex: hexColour.nullish(),
  averageColorBrightness: z.number().min(0).max(256).nullish(),
});

export const mediaSchema = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  alternativeText: z.string().nullish(),
  caption: z.string().nullish(),
  width: z.number().int().positive().nullish(),
  height: z.number().int().positive().nullish(),
  mime: z.string().nullish(),
  url: mediaUrl,
  formats: z
    .object({
      thumbnail: mediaFormatSchema.optional(),
      small: mediaFormatSchema.optional(),
      medium: mediaFormatSchema.optional(),
      large: mediaFormatSchema.optional(),
    })
    .nullish(),
  // The colour sits in `meta` with the site's upload provider; accept it at the top level too.
  provider_metadata: colourMetaSchema.extend({ meta: colourMetaSchema.nullish() }).nullish(),
});
export type Media = z.infer<typeof mediaSchema>;

// Of a localization, the families need its id (Strapi 4 rows link their localizations by id) and locale.
const localizationSchema = z.object({
  id: z.number().int(),
  locale: z.string(),
});

const entryBase = {
  id: z.number().int().positive(),
  documentId: z.string().min(1).optional(),
  locale: localeSchema,
  title: z.string().trim().min(1, 'must not be empty').max(300),
  slug,
  excerpt: z.string().nullish(),
  content: z.string().nullish(),
  authorSlug: z.string().nullish(),
  automaticTranslated: z.boolean().nullish(),
  articleType: z.string().min(1),
  sourceDocumentUrl: z.url({ protocol: /^https?$/ }).nullish(),
  createdAt: isoInstant.nullish(),
  updatedAt: isoInstant,
  publishedAt: isoInstant.nullable(),
  localizations: z.array(localizationSchema).nullish(),
};

export const articleSchema = z
  .looseObject({
    ...entryBase,
    showIndex: z.boolean().nullish(),
    showCallToActions: z.boolean().nullish(),
    question: z.string().nullish(),
    metadata: z
      .looseObject({
        country_code: z
          .string()
          .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
          .optional(),
        illegal: z.string().nullish(),
      })
      .nullish(),
    coverImageWithText: mediaSchema.nullish(),
    coverImageWithoutText: mediaSchema.nullish(),
  })
  .superRefine((article, context) => {
    // `metadata` is optional (a CMS without the field has it dropped from the query, with a warning):
    // without it a country article is an article like any other; with it, it must name its country.
    if (article.articleType === 'google-analytics-countries' && article.metadata && !article.metadata.country_code) {
      context.addIssue({
        code: 'custom',
        path: ['metadata', 'country_code'],
        message: 'a country article needs metadata.country_code',
      });
    }
  });
export type ArticleRecord = z.infer<typeof articleSchema>;

export const keyTermSchema = z.looseObject({
  ...entryBase,
  question: z.string().nullish(),
  coverImageWithText: mediaSchema.nullish(),
  coverImageWithoutText: mediaSchema.nullish(),
});
export type KeyTermRecord = z.infer<typeof keyTermSchema>;
