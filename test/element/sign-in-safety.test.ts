/**
 * The sign-in is safe against an authorization server that is wrong or hostile (issue 46, item 4):
 * real servers over HTTP (test/servers/oauth-variants.mjs), our client (`src/mcp/`) as the
 * element runs it, the person's visit replaced by following the authorization server's redirect.
 * Each case fails on the client from before these checks: it sent the person, or the code, on.
 */
import {expect} from '@open-wc/testing';
import {connectMcpServer, type AuthorizationRequest, type McpAuthOptions} from '../../src/mcp/index.js';
import {memoryAuthStore} from '../../src/mcp/auth-store.js';
import {serverUrl} from './harness.js';

const CALLBACK = `${location.origin}/test/fixtures/oauth/oauth-callback.html`;
const base = () => serverUrl('oauth-variants');

/** What the person's browser does on an authorization page that approves at once: the redirect's query. */
async function follow(url: URL | string): Promise<URLSearchParams> {
  // A page cannot read a cross-origin redirect: the test server gives it as JSON when asked.
  const {location} = (await (await fetch(url, {headers: {'X-Redirect-As-Json': '1'}})).json()) as {location: string};
  return new URL(location).searchParams;
}

/** Connects to `path` with sign-in; records every page the person would have been sent to. */
async function connect(path: string, auth: Partial<McpAuthOptions> = {}) {
  const asked: AuthorizationRequest[] = [];
  const options: McpAuthOptions = {
    redirectUrl: CALLBACK,
    store: memoryAuthStore(),
    authorize: async (request) => {
      asked.push(request);
      return new URLSearchParams({error: 'access_denied'});
    },
    ...auth,
  };
  const failure = await connectMcpServer({url: `${base()}${path}`, name: 'probe', protocol: '2026-07-28', connectTimeoutMs: 20_000, auth: options}).then(
    (c) => (void c.close(), undefined),
    (error: {code?: string; message?: string}) => error,
  );
  return {asked, failure, options};
}

describe('sign-in: what is checked before the person is sent', () => {
  for (const variant of ['http-endpoint', 'blob-endpoint', 'file-endpoint', 'ftp-endpoint']) {
    it(`${variant}: an authorization page that is not https (nor http on this machine) is never opened`, async () => {
      const {asked, failure} = await connect(`/v/${variant}/mcp`);
      expect(asked, 'the person was sent').to.have.length(0);
      expect(failure?.code).to.equal('MCP_AUTH_FAILED');
      expect(failure?.message).to.contain(`/v/${variant}/mcp`).and.contain('only https:');
    });
  }

  it('metadata without code_challenge_methods_supported (no PKCE S256) is refused', async () => {
    const {asked, failure} = await connect('/v/no-pkce/mcp');
    expect(asked).to.have.length(0);
    expect(failure?.code).to.equal('MCP_AUTH_FAILED');
    expect(failure?.message).to.contain('PKCE');
  });

  it('a server without protected-resource metadata: the request still names the resource (its URL)', async () => {
    const {asked} = await connect('/noprm/mcp');
    expect(asked).to.have.length(1);
    expect(asked[0]!.url.searchParams.get('resource')).to.equal(`${base()}/noprm/mcp`);
  });

  it('a pre-registered client (one fixed redirect) with a server that does not send iss: refused, saying why', async () => {
    const {asked, failure} = await connect('/v/no-iss/mcp', {clientId: 'pre-registered-client'});
    expect(asked).to.have.length(0);
    expect(failure?.code).to.equal('MCP_AUTH_FAILED');
    expect(failure?.message).to.contain('iss').and.contain('mix-up');
  });

  it('a client metadata document (one fixed redirect) with a server that does not send iss: registers dynamically instead', async () => {
    const document = 'https://client.example/autoui/client-metadata.json';
    const {asked} = await connect('/v/cimd-no-iss/mcp', {clientId: document});
    expect(asked).to.have.length(1);
    const query = asked[0]!.url.searchParams;
    expect(query.get('client_id')).to.not.equal(document);
    expect(new URL(query.get('redirect_uri')!).searchParams.get('autoui-server')).to.equal(`${base()}/v/cimd-no-iss/mcp`);
  });
});

describe('sign-in: mix-up (a hostile server relays the person to an honest one)', () => {
  it('each server gets its own redirect address', async () => {
    const honest = await connect('/v/honest/mcp');
    const hostile = await connect('/v/hostile/mcp');
    const redirectOf = (r: {asked: AuthorizationRequest[]}) => r.asked[0]!.url.searchParams.get('redirect_uri');
    expect(redirectOf(honest)).to.be.a('string');
    expect(redirectOf(honest)).to.not.equal(redirectOf(hostile));
  });

  it("the honest server's code, delivered for the hostile sign-in, never reaches the hostile token endpoint", async () => {
    // The person signed in to the honest server before: the client is registered there.
    const honest = await connect('/v/honest/mcp');
    const registered = honest.asked[0]!.url.searchParams;
    // The hostile authorization server, asked to sign the person in, sends them on to the honest
    // one with the client's own id and registered redirect there, and the hostile request's
    // state and PKCE challenge. The honest server approves and answers at that redirect.
    const {failure} = await connect('/v/hostile/mcp', {
      authorize: async (request) => {
        const relayed = new URL(`${base()}/as/honest/authorize`);
        for (const key of ['response_type', 'code_challenge', 'code_challenge_method', 'state', 'scope']) {
          const value = request.url.searchParams.get(key);
          if (value !== null) relayed.searchParams.set(key, value);
        }
        relayed.searchParams.set('client_id', registered.get('client_id')!);
        relayed.searchParams.set('redirect_uri', registered.get('redirect_uri')!);
        return follow(relayed);
      },
    });
    const {exchanged} = (await (await fetch(`${base()}/log`)).json()) as {exchanged: Array<{as: string; code: string}>};
    expect(exchanged.filter((e) => e.as === 'hostile' && e.code?.startsWith('honest-')), 'the honest code went to the hostile server').to.deep.equal([]);
    expect(failure?.code, failure?.message).to.equal('MCP_AUTH_FAILED');
    expect(failure?.message).to.contain('another server');
  });
});
