/**
 * Compares a screenshot with its reference image, pixel by pixel (pngjs decodes, pixelmatch
 * compares), and writes the actual image and a diff image beside the test results when they differ.
 */
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {dirname, relative} from 'node:path';
import pixelmatch from 'pixelmatch';
import {PNG} from 'pngjs';

/**
 * pixelmatch's per-pixel colour distance (0 to 1) under which two pixels count as the same.
 * 0.1 (pixelmatch's default) absorbs the shade wobble of anti-aliased text and curves between two
 * runs of the same Chromium, and still sees any change of colour a reader would notice.
 */
export const PIXEL_THRESHOLD = 0.1;

/**
 * Share of the image's pixels that may differ: 0.1 %. A run of the same page in the same
 * Chromium draws the same pixels; this small allowance is for the last sub-pixel of a chart line
 * or a glyph edge. A moved, resized or recoloured part of the element differs in far more.
 */
export const MAX_DIFFERING_SHARE = 0.001;

/**
 * @param {{actual: Buffer, referencePath: string, resultsDir: string, name: string, root: string}} options
 *   `actual`: the screenshot (PNG); `resultsDir`: where the actual and diff images go on failure;
 *   `root`: the repository, for the paths the message shows
 * @returns {{ok: true} | {ok: false, message: string}}
 */
export function compareScreenshot({actual, referencePath, resultsDir, name, root}) {
  const show = (path) => relative(root, path);
  const actualPath = `${resultsDir}/${name}-actual.png`;
  const keepActual = () => {
    mkdirSync(resultsDir, {recursive: true});
    writeFileSync(actualPath, actual);
  };
  if (!existsSync(referencePath)) {
    keepActual();
    return {ok: false, message: `no reference image ${show(referencePath)} (this run's picture is ${show(actualPath)}): look at it, then create the reference with \`npm run test:visual -- --update ${name}\``};
  }
  const want = PNG.sync.read(readFileSync(referencePath));
  const got = PNG.sync.read(actual);
  if (want.width !== got.width || want.height !== got.height) {
    keepActual();
    return {ok: false, message: `the picture is ${got.width}×${got.height}, its reference ${show(referencePath)} is ${want.width}×${want.height}; actual image: ${show(actualPath)}`};
  }
  const diff = new PNG({width: got.width, height: got.height});
  const differing = pixelmatch(want.data, got.data, diff.data, got.width, got.height, {threshold: PIXEL_THRESHOLD});
  const allowed = Math.floor(got.width * got.height * MAX_DIFFERING_SHARE);
  if (differing <= allowed) return {ok: true};
  keepActual();
  const diffPath = `${resultsDir}/${name}-diff.png`;
  writeFileSync(diffPath, PNG.sync.write(diff));
  return {ok: false, message: `${differing} pixels differ from ${show(referencePath)} (at most ${allowed} may); actual image: ${show(actualPath)}, differences in red: ${show(diffPath)}`};
}

/** Writes `image` as the reference `referencePath` (the `--update` run). */
export function writeReference(referencePath, image) {
  mkdirSync(dirname(referencePath), {recursive: true});
  writeFileSync(referencePath, image);
}
