import {expect} from '@open-wc/testing';
import {checkImage, hostAllowed, httpUrl, safeHref, tileUrlRefusal} from '../../src/policy/url-rules.js';

describe('the URL rule', () => {
  it('accepts only absolute http(s) URLs as links', () => {
    expect(safeHref(' https://example.org/a b ')).to.equal('https://example.org/a%20b');
    for (const refused of ['javascript:alert(1)', 'data:text/html,x', 'vbscript:x', '/relative', '//example.org/x', 'ftp://example.org', '', 42, undefined]) {
      expect(safeHref(refused), String(refused)).to.equal(undefined);
    }
  });

  it('matches hosts, origins and wildcards, a host allowing its subdomains, never a look-alike', () => {
    const url = (u: string) => httpUrl(u)!;
    expect(hostAllowed(url('https://img.example.org/x'), ['example.org'])).to.equal(true);
    expect(hostAllowed(url('https://a.img.example.org/x'), ['*.example.org'])).to.equal(true);
    expect(hostAllowed(url('https://img.example.org/x'), ['https://img.example.org'])).to.equal(true);
    expect(hostAllowed(url('https://example.org.evil.net/x'), ['example.org'])).to.equal(false);
    expect(hostAllowed(url('http://localhost:9000/x'), ['localhost:8000'])).to.equal(false);
  });

  it('loads an image only from an allowed host, asks for the others, refuses what is not http(s)', () => {
    expect(checkImage('https://img.example.org/a.png', ['img.example.org'])).to.deep.equal({kind: 'allowed', url: 'https://img.example.org/a.png'});
    expect(checkImage('https://cdn.other.net/a.png', ['img.example.org'])).to.deep.equal({kind: 'ask', url: 'https://cdn.other.net/a.png', host: 'cdn.other.net'});
    expect(checkImage('data:image/png;base64,AAAA', ['img.example.org'])).to.deep.equal({kind: 'refused'});
  });

  it('takes map tiles from this site or an allowed host only', () => {
    expect(tileUrlRefusal('/tiles/{z}/{x}/{y}.png', [])).to.equal(undefined);
    expect(tileUrlRefusal('https://tiles.example.eu/{z}/{x}/{y}.png', ['tiles.example.eu'])).to.equal(undefined);
    expect(tileUrlRefusal('https://tiles.example.eu/{z}/{x}/{y}.png', [])).to.contain('not allowed');
    expect(tileUrlRefusal('//tiles.example.eu/{z}.png', ['tiles.example.eu'])).to.contain('protocol-relative');
    expect(tileUrlRefusal('javascript:alert(1)//{z}', [])).to.contain('http(s)');
  });
});
