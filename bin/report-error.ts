import { CommanderError, InvalidArgumentError } from 'commander';
import { isSitegenError } from '../pipeline/errors.ts';
import { sourceMappedStack } from '../pipeline/source-mapped-stack.ts';
import { EXIT } from './exit-codes.ts';
import { formatCauses } from './format-causes.ts';

/**
 * Prints an error that ended a command the way its kind asks for, and returns the exit code: a usage
 * error in one line (2), a SitegenError as code, message, causes and hint without a stack (1), anything
 * else as a bug, with its stack (70).
 */
export function reportError(error: unknown, write: (text: string) => void): number {
  if (error instanceof InvalidArgumentError) {
    // Thrown by an action (a --cms that is not a URL); commander has printed nothing for it.
    write(`sitegen: ${error.message}\n`);
    return EXIT.usage;
  }
  if (error instanceof CommanderError) {
    // Commander printed the message (or the help, or the version) already.
    return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  }
  if (isSitegenError(error)) {
    write(`${error.code}  ${error.message}\n${formatCauses(error)}${error.hint ? `hint: ${error.hint}\n` : ''}`);
    return EXIT.content;
  }
  const stack = (error as Error | undefined)?.stack;
  write(
    `${stack === undefined ? String(error) : sourceMappedStack(stack)}\n\nThis is a bug in sitegen, not in your content. Please report it with the output above (exit code ${EXIT.internal}).\n`,
  );
  return EXIT.internal;
}
