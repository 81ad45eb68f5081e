// The Python-compatible JSON layer, against what CPython 3.12's json module does (messages and code-point
// positions of JSONDecodeError reach clients inside 422 json_invalid answers).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { JsonDecodeError, PyFloat, dumpPyJson, formatPyFloat, parsePyJson } from '../support/standin/pyJson';

const DECODE_ERRORS: [string, string, number][] = [
  ['', 'Expecting value', 0],
  ['  ', 'Expecting value', 2],
  ['{', 'Expecting property name enclosed in double quotes', 1],
  ['{"a":1,}', 'Expecting property name enclosed in double quotes', 7],
  ['[1,]', 'Expecting value', 3],
  ['[1 2]', "Expecting ',' delimiter", 3],
  ['{"a" 1}', "Expecting ':' delimiter", 5],
  ['{"a":1 "b":2}', "Expecting ',' delimiter", 7],
  ['{"a":tru}', 'Expecting value', 5],
  ['{"a":"\\x"}', 'Invalid \\escape', 6],
  ['{"a":"\\u12"}', 'Invalid \\uXXXX escape', 7],
  ['{"a":"\\u12G4"}', 'Invalid \\uXXXX escape', 7],
  ['"\\ud83d\\u12G4"', 'Invalid \\uXXXX escape', 8],
  ['{"a":"x', 'Unterminated string starting at', 5],
  ['"a\x01"', 'Invalid control character at', 2],
  ['{} x', 'Extra data', 3],
  ['01', 'Extra data', 1],
  ['-', 'Expecting value', 0],
  ['-Inf', 'Expecting value', 0],
  ['"\u{1F600}" x', 'Extra data', 4], // code points, not UTF-16 units
  ['[', 'Expecting value', 1],
  ['[1', "Expecting ',' delimiter", 2],
  ['{"a"', "Expecting ':' delimiter", 4],
  ['"\\', 'Unterminated string starting at', 0],
  ['{1:2}', 'Expecting property name enclosed in double quotes', 1],
  ['nul', 'Expecting value', 0],
  ['1.', 'Extra data', 1],
  ['1e', 'Extra data', 1],
];

describe('parsePyJson', () => {
  for (const [text, msg, pos] of DECODE_ERRORS) {
    it(`${JSON.stringify(text)} fails with "${msg}" at ${pos}`, () => {
      assert.throws(
        () => parsePyJson(text),
        (e: unknown) => e instanceof JsonDecodeError && e.msg === msg && e.pos === pos,
      );
    });
  }

  it('keeps ints and floats apart, big ints exact, and reads NaN/Infinity', () => {
    const value = parsePyJson('[1.5e+3, -0, 0.0, 1E2, 12345678901234567890, NaN, -Infinity]') as unknown[];
    assert.deepEqual(value.slice(0, 5), [new PyFloat(1500), 0, new PyFloat(0), new PyFloat(100), 12345678901234567890n]);
    assert.ok(Number.isNaN((value[5] as PyFloat).value));
    assert.equal((value[6] as PyFloat).value, -Infinity);
  });

  it('makes dicts that keep key order and take the last of a repeated key', () => {
    const value = parsePyJson('{"b":1,"2":2,"b":3,"1":4}');
    assert.deepEqual([...(value as Map<string, unknown>)], [['b', 3], ['2', 2], ['1', 4]]);
  });

  it('joins escaped surrogate pairs and keeps a lone one', () => {
    assert.equal(parsePyJson('"\\ud83d\\ude00\\ud800x\\/"'), '\u{1F600}\ud800x/');
  });
});

describe('formatPyFloat and dumpPyJson', () => {
  const REPRS: [number, string][] = [
    [1, '1.0'],
    [-0, '-0.0'],
    [0.1, '0.1'],
    [1e16, '1e+16'],
    [1e15, '1000000000000000.0'],
    [123456789.123, '123456789.123'],
    [1.5e-7, '1.5e-07'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [1e22, '1e+22'],
    [5e-324, '5e-324'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    [1234567890123456.7, '1234567890123456.8'],
    [12345678901234567, '1.2345678901234568e+16'],
  ];
  for (const [value, repr] of REPRS) {
    it(`repr(${value}) is ${repr}`, () => assert.equal(formatPyFloat(value), repr));
  }

  it('escapes like json.dumps(ensure_ascii=False)', () => {
    assert.equal(dumpPyJson('a"\\\b\f\n\r\t\x01\x1f\x7f\u2028é\u{1F600}/'), '"a\\"\\\\\\b\\f\\n\\r\\t\\u0001\\u001f\x7f\u2028é\u{1F600}/"');
  });

  it('prints Maps, bigints and PyFloats, compact', () => {
    assert.equal(dumpPyJson({ a: [1, new PyFloat(2), 3n, null, true], b: new Map([['2', 'x'], ['1', 'y']]) }), '{"a":[1,2.0,3,null,true],"b":{"2":"x","1":"y"}}');
  });

  it('refuses what Python cannot encode: NaN and lone surrogates', () => {
    assert.throws(() => dumpPyJson(new PyFloat(NaN)));
    assert.throws(() => dumpPyJson('\ud800'));
  });
});
