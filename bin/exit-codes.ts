/** The exit codes of `sitegen`, as the README lists them. Permanent: CI scripts test for them. */
export const EXIT = {
  ok: 0,
  /** The content or the site's files are wrong, or the CMS could not be read: a SitegenError with its code. */
  content: 1,
  /** The command line is wrong: an unknown command or option, a bad or missing value. */
  usage: 2,
  /** A bug in sitegen (EX_SOFTWARE of sysexits.h): the stack is printed. */
  internal: 70,
} as const;
