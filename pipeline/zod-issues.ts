import type { z } from 'zod';

/** One line per zod issue: `field.path: message`, the path in dotted form (`cover.formats.small.url`). */
export function formatZodIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || '(root)';
    return `${field}: ${issue.message}`;
  });
}
