/**
 * Stops a test server run as a child process: SIGTERM, SIGKILL if it is still there 3 s later;
 * resolves once it has exited (at once if it already had).
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<void>}
 */
export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 3000).unref();
  });
}
