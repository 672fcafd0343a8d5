import {expect} from '@open-wc/testing';
import {createLocalFiles} from '../../src/files/local-files.js';
import {decodeText, DEFAULT_CHUNK_BYTES} from '../../src/files/worker/decode-text.js';
import {fileOf} from './fixtures.js';

describe('local files: streaming', () => {
  it('joins a character cut by a chunk boundary (decoder alone, tiny chunks)', async () => {
    const file = fileOf('a.csv', ['é€😀,Łódź\n'.repeat(50)]);
    for (const chunk of [1, 2, 3, 7]) {
      let text = '';
      for await (const part of decodeText(file, 'a.csv', chunk)) text += part;
      expect(text).to.equal('é€😀,Łódź\n'.repeat(50));
    }
  });

  it('reads a 5 MB CSV in chunks: every row, and an é cut by the chunk boundary intact', async () => {
    const header = 'id,label,value\n';
    const lines: string[] = [header];
    let bytes = header.length;
    let id = 0;
    // Rows of ASCII up to just before the boundary, then a row whose é straddles it.
    while (bytes < DEFAULT_CHUNK_BYTES - 40) {
      const line = `${id},row ${id},${(id * 0.5).toFixed(1)}\n`;
      lines.push(line);
      bytes += line.length;
      id++;
    }
    const prefix = `${id},`;
    const padding = 'x'.repeat(DEFAULT_CHUNK_BYTES - bytes - prefix.length - 1);
    lines.push(`${prefix}${padding}é,1.0\n`);
    const cutId = id++;
    while (bytes < 5 * 1024 * 1024) {
      const line = `${id},row ${id},${(id * 0.5).toFixed(1)}\n`;
      lines.push(line);
      bytes += line.length;
      id++;
    }
    const engine = createLocalFiles();
    try {
      const attached = await engine.attach(fileOf('medium.csv', lines));
      expect(attached.rows).to.equal(id);
      const [[label]] = (await engine.query(`SELECT label FROM medium WHERE id = ${cutId}`)).rows as string[][];
      expect(label!.endsWith('xé')).to.equal(true);
      expect((await engine.query('SELECT count(*), max(id) FROM medium')).rows).to.deep.equal([[id, id - 1]]);
    } finally {
      engine.dispose();
    }
  });
});
