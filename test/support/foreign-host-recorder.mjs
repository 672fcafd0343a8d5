import {createServer} from 'node:net';

/**
 * The hosts a test page must never reach (`evil.example` and its subdomains), made real: Chromium
 * resolves them to this TCP server (`--host-resolver-rules`), which counts every connection and
 * records the first line of each (an HTTP request line, or the start of a TLS handshake), then
 * closes it. A hostile payload that makes the browser load or fetch anything from there is seen
 * here, whatever the page's own APIs (resource timing, CSP reports) would have shown.
 * @returns {Promise<{port: number, hostRules: string, seen(): string[], forget(): void, close(): Promise<void>}>}
 */
export async function startForeignHostRecorder() {
  let seen = [];
  const server = createServer((socket) => {
    const index = seen.push('(connection)') - 1;
    socket.once('data', (data) => {
      const line = data.subarray(0, 200).toString('latin1').split('\r\n')[0];
      seen[index] = /^[A-Z]+ \S+ HTTP\//.test(line) ? line : '(TLS or other handshake)';
      socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
    });
    socket.on('error', () => {});
    socket.setTimeout(2000, () => socket.destroy());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address();
  return {
    port,
    hostRules: `MAP evil.example 127.0.0.1:${port}, MAP *.evil.example 127.0.0.1:${port}`,
    seen: () => [...seen],
    forget: () => void (seen = []),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
