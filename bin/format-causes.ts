import { isSitegenError, type SitegenError } from '../pipeline/errors.ts';

/**
 * The causes under an error, one per line and indented: `cause: ECONNRESET read ECONNRESET`. A
 * SitegenError shows its code and message; an error a template threw (under RENDER_FAILED) its stack,
 * which names the template's file and line; any other error its code or name and its message.
 */
export function formatCauses(error: SitegenError): string {
  const lines: string[] = [];
  const seen = new Set<unknown>([error]);
  let fromTemplate = error.code === 'RENDER_FAILED';
  for (
    let cause = error.cause, depth = 1;
    cause !== undefined && cause !== null && !seen.has(cause) && depth <= 8;
    cause = (cause as { cause?: unknown }).cause, depth += 1
  ) {
    seen.add(cause);
    const indent = '  '.repeat(depth);
    if (isSitegenError(cause)) {
      lines.push(`${indent}cause: ${cause.code}  ${indented(cause.message, indent)}`);
      fromTemplate = cause.code === 'RENDER_FAILED';
    } else if (cause instanceof Error) {
      const code = (cause as { code?: unknown }).code;
      const label = typeof code === 'string' ? code : INFORMATIVE_NAMES.has(cause.name) ? cause.name : '';
      if (fromTemplate && cause.stack) lines.push(`${indent}cause: ${indented(cause.stack, indent)}`);
      else lines.push(`${indent}cause: ${label ? `${label} ` : ''}${indented(cause.message, indent)}`);
    } else {
      lines.push(`${indent}cause: ${indented(String(cause), indent)}`);
    }
  }
  return lines.map((line) => `${line}\n`).join('');
}

/** Error names that say what kind of failure it was; others (Error, a class's own name) say nothing more than the message. */
const INFORMATIVE_NAMES = new Set([
  'TypeError',
  'RangeError',
  'SyntaxError',
  'TimeoutError',
  'AbortError',
  'HTTPError',
]);

function indented(text: string, indent: string): string {
  return text.replace(/\n/g, `\n${indent}  `);
}
