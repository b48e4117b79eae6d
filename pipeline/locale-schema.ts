import { z } from 'zod';
import { LOCALES } from './locale.ts';

/** A locale code in a data file (kept apart from locale.ts, which stays free of zod for the CLI's quick paths). */
export const localeSchema = z.enum(LOCALES);
