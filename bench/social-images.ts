// Social images (og:image): CPU, wall and bytes per image as a build draws them (writeSocialImages into a
// fresh store: from 500 new images on, in its drawing child, whose CPU is counted), each run in a fresh
// process. The child's start (Node, its modules, the font) is also measured alone, with a child that is
// given no image: the rest is the drawing's own CPU per image. The bench's child starts through tsx,
// which a build's (from the CLI bundle) does not. `--compare <dir>` also writes a few
// old-vs-new pairs (the old SVG drawing is kept below for that only) to look at. sharp is imported here
// for the old drawing and the pairs; the pipeline's own sharp import stays in
// pipeline/transform/cover-colours.ts.
import { fork } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { PHRASES } from './content-phrases.ts';
import { createRandom } from './seeded-random.ts';
import { LOCALES } from '../pipeline/locale.ts';
import { openStore } from '../pipeline/cache/store.ts';
import { median } from './format-table.ts';
import {
  drawSocialImages,
  fitTitle,
  planSocialImage,
  writeSocialImages,
  type SocialImage,
} from '../pipeline/transform/social-images.ts';
import { escapeXml } from '../pipeline/escape-xml.ts';

const USAGE = `usage: node bin/run-ts.js bench/social-images.ts [options]
  --images <n>      distinct images drawn per run (838: a 10,000-record build's)
  --runs <n>        runs, each in a fresh process; medians are reported (3)
  --seed <n>        title seed (1)
  --compare <dir>   also write old (SVG) vs new pairs side by side into <dir>
  --pairs <n>       pairs written with --compare (8)`;

const ISO: Record<string, string> = { en: 'en-US', nl: 'nl-NL', de: 'de-DE', es: 'es-ES', fr: 'fr-FR', it: 'it-IT' };
const FOOTERS = ['Simple Analytics', 'Blog', 'Glossar', 'Comparaisons', 'Documentación', 'Woordenlijst'];
/** Longer titles (questions, long compounds, accents) beside the phrase banks' short patterns. */
const LONG_TITLES = [
  'Datenschutzgrundverordnungskonforme Webanalyse ohne Einwilligungsbanner: Geht das wirklich und was müssen Sie beachten?',
  'Ist Google Analytics in Österreich, Frankreich und Italien nach den jüngsten Entscheidungen der Datenschutzbehörden noch legal?',
  'Warum die Auftragsverarbeitungsvereinbarung für Ihre Besucherstatistiken wichtiger ist, als Sie denken',
  'Qu’est-ce qu’une « alternative à Google Analytics » respectueuse de la vie privée et pourquoi en avez-vous besoin ?',
  '¿Es legal usar Google Analytics en España después de la decisión de la Agencia Española de Protección de Datos?',
  'Perché la privacy dei visitatori è più importante della quantità di dati raccolti dal tuo sito web',
  'Hoe meet je websitebezoekers zonder cookies, zonder toestemmingsbanner en zonder persoonsgegevens op te slaan?',
  'What is the difference between privacy-friendly analytics and traditional cookie-based tracking tools in 2025?',
  'Straße, Größe, Maß: Fußnoten über Überschriften',
  'GDPR',
];

/** `count` distinct images: phrase-bank titles in all six languages, every fifth a long one, several footers. */
function makeImages(count: number, seed: number): SocialImage[] {
  const random = createRandom(seed);
  const images = new Map<string, SocialImage>();
  for (let index = 0; images.size < count; index += 1) {
    const locale = LOCALES[index % LOCALES.length]!;
    const bank = PHRASES[locale];
    const topic = random.pick(bank.topics);
    const short = random.pick(bank.titles).replace('{topic}', topic);
    const title = index % 5 === 4 ? random.pick(LONG_TITLES) : short.charAt(0).toUpperCase() + short.slice(1);
    const footer = random.chance(0.7) ? FOOTERS[0]! : random.pick(FOOTERS);
    const image = planSocialImage({
      title: `${title}${index >= 400 ? ` (${index})` : ''}`,
      footer,
      lang: ISO[locale]!,
    });
    images.set(image.src, image);
  }
  return [...images.values()];
}

interface RunResult {
  cpuMs: number;
  /** CPU of a drawing child given no image: its start, which the full run pays once. */
  startCpuMs: number;
  wallMs: number;
  bytes: number;
}

/** CPU of this process and of its children that ended (the drawing child), in ms: all threads, user and system. */
async function cpuMs(): Promise<number> {
  const { user, system } = process.cpuUsage();
  // /proc/self/stat: cutime and cstime (fields 16 and 17, after the command's parenthesis) in ticks of 10 ms.
  const fields = (await readFile('/proc/self/stat', 'utf8')).split(') ')[1]!.split(' ');
  return (user + system) / 1000 + (Number(fields[13]) + Number(fields[14])) * 10;
}

/** One run (in a bench child): draws the images into a fresh store and measures the whole process tree. */
async function drawRun(images: SocialImage[]): Promise<RunResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'social-bench-'));
  try {
    const before = await cpuMs();
    await writeSocialImages([], openStore(path.join(dir, 'empty')), { drawInChildFrom: 0 });
    const startCpuMs = (await cpuMs()) - before;
    const cpu = await cpuMs();
    const start = performance.now();
    const { files } = await writeSocialImages(images, openStore(dir));
    const wallMs = performance.now() - start;
    const used = (await cpuMs()) - cpu;
    let bytes = 0;
    for (const file of files) bytes += (await stat(file.copyFrom)).size;
    return { cpuMs: used, startCpuMs, wallMs, bytes };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function runInChild(args: string[]): Promise<RunResult> {
  const runTs = fileURLToPath(new URL('../bin/run-ts.js', import.meta.url));
  const child = fork(runTs, [fileURLToPath(import.meta.url), ...args, '--child'], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (result: RunResult) => resolve(result));
    child.once('exit', (code) => code !== 0 && reject(new Error(`bench child exited with ${code}`)));
  });
}

// The drawing before issue 28: the whole 1200×630 SVG by librsvg, PNG at zlib level 4 (for --compare only).
function formatOldSvg(image: SocialImage): string {
  const font = "'DejaVu Sans', 'Liberation Sans', sans-serif";
  // The title's lines and size are laid out as they were then.
  const { lines, size } = fitTitle(image.title);
  const lineHeight = Math.round(size * 1.2);
  const top = 345 - ((lines.length - 1) * lineHeight) / 2;
  const text = lines
    .map((line, index) => `<tspan x="80" y="${Math.round(top + index * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">` +
    `<rect width="1200" height="630" fill="#0b5cad"/>` +
    `<rect x="80" y="64" width="64" height="64" rx="14" fill="#ffffff"/>` +
    `<path d="M96 108l10-12 8 6 14-18" fill="none" stroke="#0b5cad" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<text font-family="${font}" font-weight="bold" font-size="${size}" fill="#ffffff" xml:lang="${escapeXml(image.lang)}">${text}</text>` +
    `<text x="80" y="560" font-family="${font}" font-size="34" fill="#d6e8fa">${escapeXml(image.footer)}</text>` +
    `</svg>`
  );
}

/** Old (top) over new (bottom) for a few images of different lengths and languages, and how far their pixels differ. */
async function writePairs(images: SocialImage[], dir: string, pairs: number): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const chosen = [...images].sort((a, b) => a.title.length - b.title.length);
  const picks = Array.from(
    { length: pairs },
    (_, index) => chosen[Math.floor((index * (chosen.length - 1)) / Math.max(1, pairs - 1))]!,
  );
  const drawn = path.join(dir, 'new');
  await mkdir(drawn, { recursive: true });
  await drawSocialImages(picks, drawn);
  const lines: string[] = [];
  for (const [index, image] of picks.entries()) {
    const old = await sharp(Buffer.from(formatOldSvg(image)), { density: 72 })
      .removeAlpha()
      .raw()
      .toBuffer();
    const drawnNew = path.join(drawn, path.basename(image.src));
    const now = await sharp(drawnNew).removeAlpha().raw().toBuffer();
    let [largest, apart] = [0, 0];
    for (let at = 0; at < old.length; at += 3) {
      const difference = Math.max(...[0, 1, 2].map((channel) => Math.abs(old[at + channel]! - now[at + channel]!)));
      largest = Math.max(largest, difference);
      if (difference > 2) apart += 1;
    }
    const file = path.join(dir, `pair-${index}-${image.lang}.png`);
    await sharp({ create: { width: 1200, height: 1270, channels: 3, background: '#ff00ff' } })
      .composite([
        { input: old, raw: { width: 1200, height: 630, channels: 3 }, left: 0, top: 0 },
        { input: drawnNew, left: 0, top: 640 },
      ])
      .png()
      .toFile(file);
    lines.push(`${file}: largest channel difference ${largest}, ${apart} pixels apart by more than 2`);
  }
  return lines;
}

const { values } = parseArgs({
  options: {
    images: { type: 'string', default: '838' },
    runs: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
    compare: { type: 'string' },
    pairs: { type: 'string', default: '8' },
    child: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const images = makeImages(Number(values.images), Number(values.seed));
if (values.child) {
  const result = await drawRun(images);
  process.send!(result, () => process.exit(0));
} else {
  const results: RunResult[] = [];
  for (let run = 0; run < Number(values.runs); run += 1) {
    const result = await runInChild(['--images', values.images, '--seed', values.seed]);
    results.push(result);
    const per = (value: number) => (value / images.length).toFixed(2);
    process.stdout.write(
      `run ${run + 1}: ${per(result.cpuMs)} ms CPU (drawing alone ${per(result.cpuMs - result.startCpuMs)}), ` +
        `${per(result.wallMs)} ms wall, ${Math.round(result.bytes / images.length)} bytes per image; ` +
        `the child's start ${Math.round(result.startCpuMs)} ms CPU\n`,
    );
  }
  const per = (pick: (result: RunResult) => number) => median(results.map(pick)) / images.length;
  process.stdout.write(
    `${images.length} images, median of ${results.length} runs: ${per((r) => r.cpuMs).toFixed(2)} ms CPU ` +
      `(drawing alone ${per((r) => r.cpuMs - r.startCpuMs).toFixed(2)}), ` +
      `${per((r) => r.wallMs).toFixed(2)} ms wall, ${Math.round(per((r) => r.bytes))} bytes per image\n`,
  );
  if (values.compare) {
    const written = await writePairs(images, values.compare, Number(values.pairs));
    process.stdout.write(`old (top) and new (bottom) pairs:\n${written.join('\n')}\n`);
  }
}
