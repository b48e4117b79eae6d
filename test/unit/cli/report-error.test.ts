import { CommanderError, InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../bin/exit-codes.ts';
import { reportError } from '../../../bin/report-error.ts';
import { SitegenError } from '../../../pipeline/errors.ts';

function report(error: unknown): { code: number; text: string } {
  let text = '';
  const code = reportError(error, (chunk) => (text += chunk));
  return { code, text };
}

describe('reportError: exit codes', () => {
  it('exits 1 for a content or input error, printing code, message and hint without a stack', () => {
    const { code, text } = report(
      new SitegenError({ code: 'CONTENT_INVALID', message: '1 entry does not match.', hint: 'fix it in Strapi' }),
    );
    expect(code).toBe(EXIT.content);
    expect(code).toBe(1);
    expect(text).toBe('CONTENT_INVALID  1 entry does not match.\nhint: fix it in Strapi\n');
  });

  it('exits 2 for a usage error, in one line', () => {
    expect(report(new InvalidArgumentError('--cms "x" is not a URL'))).toEqual({
      code: 2,
      text: 'sitegen: --cms "x" is not a URL\n',
    });
    // Commander has printed its own message already.
    expect(report(new CommanderError(1, 'commander.unknownOption', "error: unknown option '--x'"))).toEqual({
      code: 2,
      text: '',
    });
  });

  it('exits 0 after --help and --version', () => {
    expect(report(new CommanderError(0, 'commander.helpDisplayed', '(outputHelp)')).code).toBe(0);
  });

  it('exits 70 for anything else, a bug: the stack and a request for a report', () => {
    const { code, text } = report(new TypeError("Cannot read properties of undefined (reading 'slug')"));
    expect(code).toBe(EXIT.internal);
    expect(code).toBe(70);
    expect(text).toMatch(/^TypeError: Cannot read properties of undefined \(reading 'slug'\)\n {4}at /);
    expect(text).toContain('This is a bug in sitegen, not in your content.');
  });
});
