// The Python string behaviours the MCP validators depend on: str.strip/isspace, shlex.split, urlsplit.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PyValueError, pyIsSpace, pyStrip, pyUrlSplit, rustTrim, shlexSplit } from '../support/standin/pyText';

describe('pyStrip / pyIsSpace / rustTrim', () => {
  it('use Python whitespace, not JavaScript trim()', () => {
    assert.equal(pyStrip('\x1c\x85 a b\u3000\t'), 'a b');
    assert.equal(pyStrip('\ufeffa'), '\ufeffa');
    assert.equal(pyIsSpace(' \t\x1f'), true);
    assert.equal(pyIsSpace(''), false);
    assert.equal(rustTrim('\x1c5\x85'), '\x1c5');
  });
});

describe('shlexSplit', () => {
  const SPLITS: [string, string[]][] = [
    ['-y "x y" z', ['-y', 'x y', 'z']],
    ["a\\ b 'c d' \"e\\\"f\" #g", ['a b', 'c d', 'e"f', '#g']],
    ['"a\\b" \'\\n\'', ['a\\b', '\\n']],
    ['"" x\'\'', ['', 'x']],
    ['  a\t\nb  ', ['a', 'b']],
  ];
  for (const [input, words] of SPLITS) it(`splits ${JSON.stringify(input)}`, () => assert.deepEqual(shlexSplit(input), words));

  it('raises the shlex messages', () => {
    assert.throws(() => shlexSplit('a "b'), new PyValueError('No closing quotation'));
    assert.throws(() => shlexSplit("a 'b"), new PyValueError('No closing quotation'));
    assert.throws(() => shlexSplit('a\\'), new PyValueError('No escaped character'));
    assert.throws(() => shlexSplit('"a\\'), new PyValueError('No escaped character'));
  });
});

describe('pyUrlSplit', () => {
  it('finds scheme (lowercased) and netloc as urlsplit does', () => {
    assert.deepEqual(pyUrlSplit('HTTP://A.B/x'), { scheme: 'http', netloc: 'A.B' });
    assert.deepEqual(pyUrlSplit('localhost:8080'), { scheme: 'localhost', netloc: '' });
    assert.deepEqual(pyUrlSplit('1http://a'), { scheme: '', netloc: '' });
    assert.deepEqual(pyUrlSplit('//a.b/x'), { scheme: '', netloc: 'a.b' });
    assert.deepEqual(pyUrlSplit('http://a\tb/'), { scheme: 'http', netloc: 'ab' });
    assert.deepEqual(pyUrlSplit('http://u@[::1]:80/'), { scheme: 'http', netloc: 'u@[::1]:80' });
  });

  it('rejects bad brackets like CPython 3.12.10', () => {
    const cases: [string, string][] = [
      ['http://[::1/', 'Invalid IPv6 URL'],
      ['http://a[::1]/', 'Invalid IPv6 URL'],
      ['http://[::1]x/', 'Invalid IPv6 URL'],
      ['http://[1.2.3.4]/', 'An IPv4 address cannot be in brackets'],
      ['http://[vz.x]/', 'IPvFuture address is invalid'],
      ['http://[zz]/', "'zz' does not appear to be an IPv4 or IPv6 address"],
      ['wss://\uff03a/', "netloc '\uff03a' contains invalid characters under NFKC normalization"],
    ];
    for (const [url, message] of cases) assert.throws(() => pyUrlSplit(url), new PyValueError(message), url);
    assert.doesNotThrow(() => pyUrlSplit('http://[v1.x]/'));
  });
});
