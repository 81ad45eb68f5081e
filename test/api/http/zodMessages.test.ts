import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import '../../../src/api/http/zodMessages';

/** The message of the first problem zod finds in `value` against `schema`. */
function firstMessage(schema: z.ZodMiniType, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('the messages of a refused value', () => {
  it('say the expected type and what came', () => {
    assert.equal(firstMessage(z.string(), 5), 'expected string, got number');
    assert.equal(firstMessage(z.object({ a: z.number() }), { a: null }), 'expected number, got null');
    assert.equal(firstMessage(z.array(z.string()), {}), 'expected array, got object');
  });

  it('name the allowed values, and the bounds with whether they are included', () => {
    assert.equal(firstMessage(z.enum(['a', 'b']), 'c'), 'expected "a" | "b"');
    assert.equal(firstMessage(z.number().check(z.minimum(1)), 0), 'too small: at least 1');
    assert.equal(firstMessage(z.number().check(z.positive()), 0), 'too small: more than 0');
    assert.equal(firstMessage(z.number().check(z.maximum(9)), 10), 'too large: at most 9');
    assert.equal(firstMessage(z.string().check(z.minLength(2)), 'x'), 'too short: at least 2 characters');
  });

  it('say a format, an unknown key and a union none of whose shapes matched', () => {
    assert.equal(firstMessage(z.url(), 'not a url'), 'not a valid url');
    assert.equal(firstMessage(z.strictObject({ a: z.string() }), { a: 'x', b: 1 }), 'unknown keys: b');
    assert.equal(firstMessage(z.union([z.string(), z.number()]), true), 'matches none of the shapes allowed');
  });

  it('leave a schema\'s own message as it is', () => {
    assert.equal(firstMessage(z.string().check(z.minLength(3, 'a name of three letters or more')), 'ab'), 'a name of three letters or more');
  });
});
