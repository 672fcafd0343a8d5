#!/usr/bin/env node
/**
 * Redraws the widget gallery's pictures, docs/widgets/pictures/<type>.png (committed; the site
 * shows them). They are the references of the screenshot tests' `widget-<type>` cases
 * (test/visual/cases/widget-gallery.mjs: each recipe's example restored into the built element,
 * offline, in Debian's Chromium with the screenshot tests' settings), so this runs those cases
 * with `--update`; `npm run test:visual` checks them as it checks the other pictures.
 *
 *   npm run build && node scripts/docs-gallery-pictures.mjs [type]
 *
 * With a type, only that picture is redrawn.
 */
import {spawnSync} from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const type = process.argv[2];
const {status} = spawnSync(process.execPath, ['test/visual/visual.mjs', '--update', type ? `widget-${type}` : 'widget-'], {cwd: root, stdio: 'inherit'});
process.exit(status ?? 1);
