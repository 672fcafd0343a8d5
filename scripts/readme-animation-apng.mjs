/**
 * A small animated PNG (APNG) encoder for the README's animation (scripts/readme-animation.mjs):
 * frames of one size, RGBA in (as pngjs decodes screenshots), written as 8-bit RGB. Each frame
 * after the first is stored as the rectangle that changed since the one before (drawn over it:
 * dispose none, blend source), so a screen where little moves costs little. Rows are filtered with
 * the PNG filter that gives the smallest sum (the usual heuristic) and deflated at level 9.
 * APNG is a PNG with three more chunk types (acTL, fcTL, fdAT); a viewer without it shows the
 * first frame. Browsers, and so GitHub's README, play it.
 */
import {deflateSync} from 'node:zlib';

const CRC_TABLE = Array.from({length: 256}, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** The RGB rows of a rectangle of an RGBA image, filtered, deflated: the data of an IDAT or fdAT. */
function compress(rgba, width, {x, y, w, h}) {
  const stride = w * 3;
  const raw = Buffer.alloc(h * (stride + 1));
  let prev = Buffer.alloc(stride);
  const line = Buffer.alloc(stride);
  const candidates = Array.from({length: 5}, () => Buffer.alloc(stride));
  for (let row = 0; row < h; row++) {
    for (let col = 0; col < w; col++) {
      const from = ((y + row) * width + x + col) * 4;
      line[col * 3] = rgba[from];
      line[col * 3 + 1] = rgba[from + 1];
      line[col * 3 + 2] = rgba[from + 2];
    }
    let best = 0;
    let bestSum = Infinity;
    for (let filter = 0; filter < 5; filter++) {
      const outRow = candidates[filter];
      let sum = 0;
      for (let i = 0; i < stride; i++) {
        const a = i >= 3 ? line[i - 3] : 0;
        const b = prev[i];
        const c = i >= 3 ? prev[i - 3] : 0;
        let predicted = 0;
        if (filter === 1) predicted = a;
        else if (filter === 2) predicted = b;
        else if (filter === 3) predicted = (a + b) >> 1;
        else if (filter === 4) {
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
        }
        const value = (line[i] - predicted) & 0xff;
        outRow[i] = value;
        sum += value < 128 ? value : 256 - value;
      }
      if (sum < bestSum) (bestSum = sum), (best = filter);
    }
    raw[row * (stride + 1)] = best;
    candidates[best].copy(raw, row * (stride + 1) + 1);
    prev = Buffer.from(line);
  }
  return deflateSync(raw, {level: 9});
}

/** The smallest rectangle holding every pixel that differs between two RGBA images, or undefined. */
function changed(a, b, width, height) {
  let top = height;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2]) {
        if (y < top) top = y;
        if (y > bottom) bottom = y;
        if (x < left) left = x;
        if (x > right) right = x;
      }
    }
  }
  return bottom < 0 ? undefined : {x: left, y: top, w: right - left + 1, h: bottom - top + 1};
}

/**
 * Encodes `frames` (`{data: RGBA bytes, delayMs}`, all `width`×`height`) as an APNG that loops
 * forever. Frames identical to the one before add their time to it instead of a frame.
 * @returns {Buffer}
 */
export function encodeApng(frames, width, height) {
  const kept = [];
  for (const frame of frames) {
    const last = kept.at(-1);
    const rect = last ? changed(last.data, frame.data, width, height) : {x: 0, y: 0, w: width, h: height};
    if (!rect) last.delayMs += frame.delayMs;
    else kept.push({data: frame.data, delayMs: frame.delayMs, rect});
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const actl = Buffer.alloc(8);
  actl.writeUInt32BE(kept.length, 0);
  actl.writeUInt32BE(0, 4); // plays: 0 is forever
  const parts = [Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('acTL', actl)];
  let sequence = 0;
  kept.forEach((frame, index) => {
    const fctl = Buffer.alloc(26);
    fctl.writeUInt32BE(sequence++, 0);
    fctl.writeUInt32BE(frame.rect.w, 4);
    fctl.writeUInt32BE(frame.rect.h, 8);
    fctl.writeUInt32BE(frame.rect.x, 12);
    fctl.writeUInt32BE(frame.rect.y, 16);
    fctl.writeUInt16BE(Math.min(65535, Math.round(frame.delayMs)), 20);
    fctl.writeUInt16BE(1000, 22); // delay in milliseconds
    fctl[24] = 0; // dispose: none (the next frame draws over this one)
    fctl[25] = 0; // blend: source (the rectangle replaces what was there)
    parts.push(chunk('fcTL', fctl));
    const data = compress(frame.data, width, frame.rect);
    if (index === 0) parts.push(chunk('IDAT', data));
    else {
      const seq = Buffer.alloc(4);
      seq.writeUInt32BE(sequence++, 0);
      parts.push(chunk('fdAT', Buffer.concat([seq, data])));
    }
  });
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}
