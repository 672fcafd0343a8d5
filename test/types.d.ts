/** URLs of the Node servers started with the test run (see test/support/test-servers.mjs). */
declare module '@test/servers' {
  export const SERVERS: Record<string, string>;
}
