import type { HostManifest } from '../../pipeline/plan/host-manifest.ts';
import { createRequestHandler } from '../../pipeline/preview/request-handler.ts';
import { listenOnLoopback, type LoopbackServer } from './loopback-server.ts';

export type PreviewServer = LoopbackServer;

/** The preview's request handler on a free 127.0.0.1 port. */
export function startPreviewServer(publicDir: string, manifest: HostManifest): Promise<PreviewServer> {
  return listenOnLoopback(createRequestHandler({ publicDir, manifest }));
}
