/**
 * Drops a file on a page's `<autoui-agent>` the way a visitor's drag and drop reaches it: the
 * file is fetched from the test server into a Blob inside the page, wrapped in a File with the
 * given name, put in a DataTransfer, and `dragenter`, `dragover` and `drop` are dispatched with
 * it (bubbling, composed) at the element's conversation area (its composer by default). A
 * synthetic DataTransfer carries a File made in the page whatever its size; it cannot carry a
 * path on disk, hence the fetch.
 * @param {import('playwright-core').Page} page
 * @param {{url: string, name: string, type?: string, target?: string}} file `url` from the
 *   repository's root (a fixture's `url`); `target` a selector inside the element's shadow root
 * @returns {Promise<{size: number, accepted: boolean}>} the File's size, and whether the drop was
 *   taken (its default prevented, as a drop zone does)
 */
export function dropFile(page, {url, name, type = '', target = 'autoui-composer'}) {
  return page.evaluate(
    async ({url, name, type, target}) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      const file = new File([await response.blob()], name, {type});
      const agent = document.querySelector('autoui-agent');
      const at = agent.shadowRoot.querySelector(target) ?? agent;
      const transfer = new DataTransfer();
      transfer.items.add(file);
      let accepted = false;
      for (const kind of ['dragenter', 'dragover', 'drop']) {
        const event = new DragEvent(kind, {bubbles: true, cancelable: true, composed: true, dataTransfer: transfer});
        const notCancelled = at.dispatchEvent(event);
        if (kind === 'drop') accepted = !notCancelled;
      }
      return {size: file.size, accepted};
    },
    {url, name, type, target},
  );
}
