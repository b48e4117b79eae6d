/**
 * A stand-in for the video's asset host (site.json `video`: poster, sources, captions) on 127.0.0.1, so
 * that Lighthouse measures the video page as a visitor with a network gets it instead of counting
 * requests that cannot leave this machine. HTTPS with a certificate made for the run (openssl); the
 * browser reaches it through `--host-resolver-rules` and accepts the certificate with
 * `--ignore-certificate-errors`. It answers as the real host does for this site (the original site's
 * `<video crossorigin="anonymous">` loads these files): `Access-Control-Allow-Origin: *`. The poster is
 * a plain frame drawn here and the captions one cue: the bench measures loading, not the film.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';

export interface AssetHost {
  /** Chromium flags that send the asset host's name to this server. */
  chromeFlags: string[];
  /** Requests answered, by path (what the page loaded). */
  requests: string[];
  close(): Promise<void>;
}

export async function startAssetHost(
  video: { poster: string; mp4: string; webm: string; captions: string; width: number; height: number },
  tempDir: string,
): Promise<AssetHost> {
  const hosts = [...new Set([video.poster, video.mp4, video.webm, video.captions].map((url) => new URL(url).hostname))];
  const key = path.join(tempDir, 'asset-host-key.pem');
  const cert = path.join(tempDir, 'asset-host-cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      `/CN=${hosts[0]}`,
      '-addext',
      `subjectAltName=${hosts.map((host) => `DNS:${host}`).join(',')}`,
    ],
    { stdio: 'ignore' },
  );
  const poster = await sharp({
    create: { width: video.width, height: video.height, channels: 3, background: '#1d2733' },
  })
    .jpeg({ quality: 70 })
    .toBuffer();
  const captions = 'WEBVTT\n\n00:00:00.000 --> 00:00:04.000\nCaptions from the asset host.\n';
  const files = new Map<string, { type: string; body: Buffer }>([
    [new URL(video.poster).pathname, { type: 'image/jpeg', body: poster }],
    [new URL(video.captions).pathname, { type: 'text/vtt; charset=utf-8', body: Buffer.from(captions) }],
  ]);
  const requests: string[] = [];
  const server = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (request, response) => {
    const pathname = new URL(request.url ?? '/', 'https://asset-host').pathname;
    requests.push(pathname);
    const file = files.get(pathname);
    const cors = { 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=31536000, immutable' };
    if (!file) {
      response.writeHead(404, cors);
      response.end();
      return;
    }
    response.writeHead(200, { ...cors, 'content-type': file.type, 'content-length': String(file.body.length) });
    response.end(request.method === 'HEAD' ? undefined : file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    chromeFlags: [
      `--host-resolver-rules=${hosts.map((host) => `MAP ${host}:443 127.0.0.1:${port}`).join(', ')}`,
      '--ignore-certificate-errors',
    ],
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
