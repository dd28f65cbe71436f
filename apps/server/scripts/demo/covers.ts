import { createHash } from 'node:crypto';
import type { ActivityCategory } from '@polaris/contract';
import sharp from 'sharp';

/** Cover artwork for demo activities: drawn as SVG here, rasterised to PNG, then uploaded like any cover. */

const WIDTH = 1280;
const HEIGHT = 720;

/** Two gradient stops and an accent per category, so a list of covers reads as varied but not random. */
const PALETTES: Record<ActivityCategory, [from: string, to: string, accent: string]> = {
  meetup: ['#1d3594', '#3fa9f5', '#ffd166'],
  conference: ['#0b1d51', '#5f27cd', '#48dbfb'],
  workshop: ['#0f5132', '#20c997', '#fff3b0'],
  party: ['#ff006e', '#8338ec', '#ffbe0b'],
  web3: ['#14213d', '#fca311', '#e5e5e5'],
  tech: ['#03045e', '#00b4d8', '#caf0f8'],
  sports: ['#d00000', '#ffba08', '#ffffff'],
  outdoor: ['#1b4332', '#95d5b2', '#fefae0'],
  art: ['#6a040f', '#f48c06', '#ffe8d6'],
  music: ['#240046', '#c77dff', '#80ffdb'],
  food: ['#9d0208', '#f77f00', '#fcbf49'],
  other: ['#343a40', '#6c757d', '#f8f9fa'],
};

/** A small deterministic random stream from a seed, so the same activity always gets the same art. */
function randomFrom(seed: string) {
  let state = createHash('sha256').update(seed).digest().readUInt32BE(0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

/** The category's motif, drawn around the middle so the square thumbnails in lists still show it. */
function motif(category: ActivityCategory, accent: string, random: () => number): string {
  const cx = WIDTH / 2;
  const cy = HEIGHT / 2;
  const shapes: string[] = [];
  switch (category) {
    case 'meetup':
    case 'conference':
      for (let i = 0; i < 9; i++) {
        const angle = (i / 9) * Math.PI * 2;
        const r = 150 + random() * 60;
        shapes.push(
          `<circle cx="${cx + Math.cos(angle) * r}" cy="${cy + Math.sin(angle) * r}" r="${26 + random() * 22}" fill="${accent}" fill-opacity="${0.35 + random() * 0.5}"/>`,
          `<line x1="${cx}" y1="${cy}" x2="${cx + Math.cos(angle) * r}" y2="${cy + Math.sin(angle) * r}" stroke="${accent}" stroke-opacity="0.35" stroke-width="4"/>`,
        );
      }
      shapes.push(`<circle cx="${cx}" cy="${cy}" r="64" fill="${accent}"/>`);
      break;
    case 'workshop':
    case 'tech':
      for (let x = 0; x < 7; x++) {
        for (let y = 0; y < 5; y++) {
          if (random() < 0.45) continue;
          shapes.push(
            `<rect x="${cx - 245 + x * 70}" y="${cy - 175 + y * 70}" width="54" height="54" rx="10" fill="${accent}" fill-opacity="${0.25 + random() * 0.7}"/>`,
          );
        }
      }
      break;
    case 'web3':
      for (let i = 0; i < 6; i++) {
        const x = cx - 300 + i * 120;
        const y = cy - 40 + (i % 2 === 0 ? -50 : 50);
        shapes.push(
          `<polygon points="${x},${y - 60} ${x + 52},${y - 30} ${x + 52},${y + 30} ${x},${y + 60} ${x - 52},${y + 30} ${x - 52},${y - 30}" fill="none" stroke="${accent}" stroke-width="10" stroke-opacity="${0.5 + random() * 0.5}"/>`,
        );
      }
      break;
    case 'party':
    case 'music':
      for (let i = 0; i < 24; i++) {
        const h = 40 + random() * 260;
        shapes.push(
          `<rect x="${cx - 360 + i * 30}" y="${cy - h / 2}" width="18" height="${h}" rx="9" fill="${accent}" fill-opacity="${0.45 + random() * 0.55}"/>`,
        );
      }
      break;
    case 'sports':
    case 'outdoor':
      shapes.push(
        `<circle cx="${cx + 160}" cy="${cy - 70}" r="90" fill="${accent}" fill-opacity="0.9"/>`,
        `<polygon points="${cx - 420},${cy + 190} ${cx - 130},${cy - 120} ${cx + 120},${cy + 190}" fill="${accent}" fill-opacity="0.45"/>`,
        `<polygon points="${cx - 80},${cy + 190} ${cx + 200},${cy - 40} ${cx + 440},${cy + 190}" fill="${accent}" fill-opacity="0.3"/>`,
      );
      break;
    case 'art':
      for (let i = 0; i < 7; i++) {
        shapes.push(
          `<path d="M ${cx - 380} ${cy - 150 + i * 50} C ${cx - 120} ${cy - 260 + i * 60 + random() * 80}, ${cx + 120} ${cy - 40 + i * 40 - random() * 80}, ${cx + 380} ${cy - 150 + i * 50}" fill="none" stroke="${accent}" stroke-width="${6 + random() * 12}" stroke-opacity="${0.35 + random() * 0.6}" stroke-linecap="round"/>`,
        );
      }
      break;
    case 'food':
      for (let i = 0; i < 5; i++) {
        const r = 210 - i * 38;
        shapes.push(
          `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${accent}" stroke-width="14" stroke-opacity="${0.3 + i * 0.15}" stroke-dasharray="${20 + random() * 40} ${10 + random() * 20}"/>`,
        );
      }
      break;
    default:
      for (let i = 0; i < 14; i++) {
        shapes.push(
          `<circle cx="${cx - 320 + random() * 640}" cy="${cy - 160 + random() * 320}" r="${14 + random() * 50}" fill="${accent}" fill-opacity="${0.2 + random() * 0.6}"/>`,
        );
      }
  }
  return shapes.join('');
}

/**
 * A cover with no words on it (issue 23): lists crop covers to squares and thumbnails, where a baked-in title was cut
 * off mid-word, and the page prints the title beside the cover anyway, in the reader's language. The gradient and
 * motif come from the category, their angle and scatter from `seed` (host and title), so each activity keeps its art.
 */
export function coverSvg(input: { seed: string; category: ActivityCategory }): string {
  const [from, to, accent] = PALETTES[input.category];
  const random = randomFrom(input.seed);
  const angle = Math.round(random() * 360);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <circle cx="${random() * WIDTH}" cy="${random() * HEIGHT}" r="${260 + random() * 200}" fill="#fff" fill-opacity="0.07"/>
  ${motif(input.category, accent, random)}
</svg>`;
}

/** The artwork as PNG bytes, ready for the cover upload pipeline. */
export function coverPng(input: { seed: string; category: ActivityCategory }): Promise<Buffer> {
  return sharp(Buffer.from(coverSvg(input)))
    .png()
    .toBuffer();
}
