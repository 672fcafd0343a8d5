/**
 * `npm run eval` on the command line, as a page author meets it: with no model it says how to
 * name one and fails (a script must not read "nothing ran" as "all passed"); an unknown question
 * is named with the ids there are; `--compare` prints two recorded runs side by side. The runs
 * themselves are checked by `npm test`'s scripted evaluation and by test/eval/.
 */
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Runs eval/run.mjs with `args` and no model in the environment; resolves with its status and output. */
function evalCommand(args) {
  const env = {...process.env};
  for (const name of ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'OPENAI_API_KEY', 'OPENAI_BASE_URL']) delete env[name];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['eval/run.mjs', ...args], {cwd: root, env});
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (status) => resolve({status, out}));
  });
}

export const cases = [
  {
    name: 'with no model, says how to point it at one and exits with status 2',
    async run() {
      const {status, out} = await evalCommand([]);
      assert.equal(status, 2);
      assert.match(out, /^No model configured\./);
      assert.match(out, /ANTHROPIC_API_KEY=… npm run eval -- --model/);
      assert.match(out, /--endpoint http:\/\/localhost:11434\/v1/);
      assert.match(out, /npm run eval -- --scripted/);
    },
  },
  {
    name: 'an unknown question is named, with the ids there are',
    async run() {
      const {status, out} = await evalCommand(['--scripted', '--only', 'seattle-rain-2015,no-such-question']);
      assert.equal(status, 2);
      assert.match(out, /^No question no-such-question\. Ids: seattle-rain-2015, /);
    },
  },
  {
    name: '--compare prints two recorded runs side by side',
    async run() {
      const {status, out} = await evalCommand(['--compare', 'test/eval/recorded/right.json', 'test/eval/recorded/wrong.json']);
      assert.equal(status, 0, out);
      assert.match(out, /\| questions answered correctly \| 8 \| 2 \| -6 \|/);
      assert.match(out, /\| airports-hawaii-map \| ✓ \| ✗ \| none \| not-blank, widgets, items, markers \|/);
    },
  },
];
