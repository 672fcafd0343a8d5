/**
 * Runs a module in a fresh module Web Worker (where there is no DOM) and resolves with the first
 * message it posts; rejects when the worker fails to load or run. The worker is terminated after.
 */
export async function workerResult<T = Record<string, unknown>>(module: URL, message?: unknown): Promise<T> {
  const worker = new Worker(module, {type: 'module'});
  try {
    return await new Promise<T>((resolve, reject) => {
      worker.onmessage = (e: MessageEvent<T>) => resolve(e.data);
      worker.onerror = (e) => reject(new Error(`the worker failed to run: ${e.message}`));
      if (message !== undefined) worker.postMessage(message);
    });
  } finally {
    worker.terminate();
  }
}
