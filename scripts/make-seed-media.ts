// Renders the demo catalogue's media with Debian's ffmpeg: four short WebM/VP9 + Opus clips and one
// WebP poster per film. The output is committed under functions/seed/media/, so a fresh clone never
// needs ffmpeg; run this only to change them (`npm run media:seed`, add `--clips` for the clips too).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { POSTER_SIZE, SEED_FILMS, type SeedCategoryId } from '../functions/seed/catalogue-data';

const OUT = 'functions/seed/media';
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const FONT_LIGHT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

const PALETTE: Record<SeedCategoryId, [string, string, string]> = {
  drama: ['0x3b1f4a', '0xa8456b', '0xf2b880'],
  comedy: ['0xf5c14b', '0xef7b45', '0x3c1642'],
  documentary: ['0x1b4332', '0x52b788', '0xd8f3dc'],
  'sci-fi': ['0x03045e', '0x0096c7', '0x90e0ef'],
  animation: ['0xff006e', '0x8338ec', '0xffbe0b'],
  thriller: ['0x0b090a', '0x660708', '0xa4161a'],
};

/** Wraps a title into lines of at most `width` characters (drawtext does not wrap). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function posters() {
  const tmp = join(tmpdir(), `reelfund-posters-${process.pid}`);
  mkdirSync(tmp, { recursive: true });
  mkdirSync(join(OUT, 'posters'), { recursive: true });
  SEED_FILMS.forEach((film, i) => {
    const [c0, c1, c2] = PALETTE[film.category];
    const titleFile = join(tmp, `${film.slug}.txt`);
    const lines = wrap(film.title.toUpperCase(), 13);
    writeFileSync(titleFile, lines.join('\n'));
    // The longest line must fit the poster's width (bold capitals are about 0.74 em wide).
    const fontSize = Math.min(30, Math.floor(276 / (0.74 * Math.max(...lines.map((l) => l.length)))));
    const metaFile = join(tmp, `${film.slug}-meta.txt`);
    writeFileSync(metaFile, `${film.year}  ·  ${film.category.toUpperCase()}`);
    const { width: w, height: h } = POSTER_SIZE;
    const filters = [
      `drawbox=x=0:y=${h * 0.55}:w=${w}:h=${h * 0.45}:color=black@0.45:t=fill`,
      `drawtext=fontfile=${FONT}:textfile=${titleFile}:fontcolor=white:fontsize=${fontSize}:line_spacing=6:x=22:y=${h * 0.6}`,
      `drawtext=fontfile=${FONT_LIGHT}:textfile=${metaFile}:fontcolor=white@0.85:fontsize=15:x=22:y=${h - 42}`,
      `drawtext=fontfile=${FONT}:text='REELFUND':fontcolor=white@0.7:fontsize=13:x=22:y=22`,
    ].join(',');
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `gradients=s=${w}x${h}:c0=${c0}:c1=${c1}:c2=${c2}:n=3:type=${i % 4}:seed=${i + 7}:d=1`,
      '-vf',
      filters,
      '-frames:v',
      '1',
      '-c:v',
      'libwebp',
      '-quality',
      '72',
      join(OUT, 'posters', `${film.slug}.webp`),
    ]);
  });
  rmSync(tmp, { recursive: true, force: true });
}

const CLIPS: Record<string, { source: string; label: string; tone: number }> = {
  'clip-city': { source: 'testsrc2=size=640x360:rate=24:duration=6', label: 'Reelfund · Test Card', tone: 440 },
  'clip-fractal': {
    source: 'mandelbrot=size=640x360:rate=24:start_scale=3:end_scale=0.3',
    label: 'Reelfund · Fractal',
    tone: 330,
  },
  'clip-life': {
    source: 'life=size=160x90:rate=24:mold=10:ratio=0.2:death_color=#102030:life_color=#f5c14b',
    label: 'Reelfund · Life',
    tone: 520,
  },
  'clip-automata': { source: 'cellauto=size=160x90:rate=24:rule=110', label: 'Reelfund · Automata', tone: 262 },
};

/** 6 s, 640x360, VP9 at 250 kb/s (two passes) with a quiet Opus tone, a key frame every second. */
function clips() {
  for (const [name, clip] of Object.entries(CLIPS)) {
    const graph = [
      `[0:v]scale=640:360:flags=neighbor,drawtext=fontfile=${FONT}:text='${clip.label}':fontcolor=white:fontsize=34:box=1:boxcolor=black@0.55:boxborderw=12:x=(w-text_w)/2:y=h-th-36,drawtext=fontfile=${FONT}:text='%{pts\\:hms}':fontcolor=white:fontsize=20:box=1:boxcolor=black@0.5:boxborderw=6:x=16:y=16,format=yuv420p[v]`,
      '[1:a]volume=0.15[a]',
    ].join(';');
    const input = ['-f', 'lavfi', '-i', clip.source, '-f', 'lavfi', '-i', `sine=frequency=${clip.tone}:duration=6`];
    const video = ['-t', '6', '-r', '24', '-c:v', 'libvpx-vp9', '-b:v', '250k', '-deadline', 'good', '-cpu-used', '2'];
    const gop = ['-row-mt', '1', '-g', '24', '-keyint_min', '24'];
    const log = join(tmpdir(), `reelfund-vp9-${name}`);
    const common = [...input, '-filter_complex', graph, '-map', '[v]', '-map', '[a]', ...video, ...gop];
    ffmpeg([...common, '-pass', '1', '-passlogfile', log, '-an', '-f', 'null', '/dev/null']);
    ffmpeg([
      ...common,
      '-pass',
      '2',
      '-passlogfile',
      log,
      '-c:a',
      'libopus',
      '-b:a',
      '24k',
      '-ac',
      '1',
      `${OUT}/${name}.webm`,
    ]);
  }
}

posters();
if (process.argv.includes('--clips')) clips();
console.log(`media written to ${OUT}`);
