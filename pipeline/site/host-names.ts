/** The hosts sitegen writes redirect and header files for (`--host`, site.json `host`). Free of zod, for the CLI's quick start. */
export const HOST_NAMES = ['netlify', 'cloudflare', 'vercel', 'nginx', 'static'] as const;
export type HostName = (typeof HOST_NAMES)[number];
