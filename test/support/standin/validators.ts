// A small pydantic v2 (lax, Python mode) look-alike: the real server validates `json.loads` output with
// `validate_python(..., from_attributes=True)`, so these are the coercions and error entries that produces.
// Every validator returns the converted value or INVALID after pushing its errors; model tables are built from
// them in models.ts.
import { type PyDict, PyFloat, type PyValue } from './pyJson';
import { PyValueError, rustTrim } from './pyText';

export type Loc = (string | number)[];
export interface ErrorDetail {
  type: string;
  loc: Loc;
  msg: string;
  input: PyValue;
  ctx?: Record<string, unknown>;
}
export const INVALID: unique symbol = Symbol('invalid');
export type Validator = (input: PyValue, loc: Loc, errors: ErrorDetail[]) => unknown;

/** An exception pydantic does not turn into a validation error (TypeError, AttributeError): HTTP 500. */
export class ServerCrash extends Error {}

export function fail(errors: ErrorDetail[], loc: Loc, input: PyValue, type: string, msg: string, ctx?: Record<string, unknown>): typeof INVALID {
  errors.push(ctx ? { type, loc, msg, input, ctx } : { type, loc, msg, input });
  return INVALID;
}

/** A ValueError raised inside a field validator. FastAPI's encoder turns the exception in ctx into `{}`. */
export function valueError(errors: ErrorDetail[], loc: Loc, input: PyValue, message: string): typeof INVALID {
  return fail(errors, loc, input, 'value_error', `Value error, ${message}`, { error: {} });
}

export const isDict = (v: PyValue): v is PyDict => v instanceof Map;

/** Python truthiness, for validators written as `return v or []`. */
export function pyTruthy(v: PyValue): boolean {
  if (v instanceof PyFloat) return v.value !== 0; // NaN is truthy in Python too
  if (Array.isArray(v) || typeof v === 'string') return v.length > 0;
  if (v instanceof Map) return v.size > 0;
  if (typeof v === 'bigint') return v !== 0n;
  return Boolean(v);
}

/** The name CPython uses for a value's type in TypeError/AttributeError texts. */
export function pyTypeName(v: PyValue): string {
  if (v === null) return 'NoneType';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number' || typeof v === 'bigint') return 'int';
  if (v instanceof PyFloat) return 'float';
  if (typeof v === 'string') return 'str';
  return Array.isArray(v) ? 'list' : 'dict';
}

export const str: Validator = (input, loc, errors) =>
  typeof input === 'string' ? input : fail(errors, loc, input, 'string_type', 'Input should be a valid string');

const I64 = 2 ** 63;
export const int: Validator = (input, loc, errors) => {
  const intFail = (type = 'int_parsing', msg = 'Input should be a valid integer, unable to parse string as an integer') =>
    fail(errors, loc, input, type, msg);
  if (typeof input === 'boolean') return input ? 1 : 0;
  if (typeof input === 'number') return input;
  if (typeof input === 'bigint') return input; // Python ints are unbounded
  if (input instanceof PyFloat) {
    const x = input.value;
    if (!Number.isFinite(x)) return intFail('finite_number', 'Input should be a finite number');
    if (!Number.isInteger(x)) return intFail('int_from_float', 'Input should be a valid integer, got a number with a fractional part');
    if (Math.abs(x) >= I64) return intFail('int_parsing_size', 'Unable to parse input string as an integer, exceeded maximum size');
    return x === 0 ? 0 : x;
  }
  if (typeof input === 'string') {
    const m = /^([+-]?)(\d+(?:_\d+)*)(?:\.0+)?$/.exec(rustTrim(input));
    if (!m) return intFail();
    const n = BigInt(m[1] + m[2].replace(/_/g, ''));
    return Number.isSafeInteger(Number(n)) ? Number(n) : n;
  }
  return intFail('int_type', 'Input should be a valid integer');
};

export const float: Validator = (input, loc, errors) => {
  if (typeof input === 'boolean') return input ? 1 : 0;
  if (typeof input === 'number' || typeof input === 'bigint') return Number(input);
  if (input instanceof PyFloat) return input.value;
  if (typeof input === 'string') {
    const s = rustTrim(input);
    // Underscores are allowed only between digits, as in Python literals.
    const ok = !/(^|\D)_|_(\D|$)/.test(s) && /^[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf|infinity|nan)$/i.test(s.replace(/_/g, ''));
    if (!ok) return fail(errors, loc, input, 'float_parsing', 'Input should be a valid number, unable to parse string as a number');
    const t = s.replace(/_/g, '').toLowerCase().replace(/^([+-]?)inf(inity)?$/, '$1Infinity');
    return /nan$/.test(t) ? NaN : Number(t);
  }
  return fail(errors, loc, input, 'float_type', 'Input should be a valid number');
};

const TRUE_WORDS = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE_WORDS = new Set(['0', 'off', 'f', 'false', 'n', 'no']);
export const bool: Validator = (input, loc, errors) => {
  const parsing = () => fail(errors, loc, input, 'bool_parsing', 'Input should be a valid boolean, unable to interpret input');
  const type = () => fail(errors, loc, input, 'bool_type', 'Input should be a valid boolean');
  if (typeof input === 'boolean') return input;
  if (typeof input === 'string') {
    const word = input.toLowerCase();
    return TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : parsing();
  }
  if (typeof input === 'number') return input === 0 ? false : input === 1 ? true : parsing();
  if (input instanceof PyFloat) {
    const x = input.value;
    if (x === 0 || x === 1) return x === 1;
    return Number.isInteger(x) && Math.abs(x) < I64 ? parsing() : type(); // an int-like float is read as an int
  }
  return type();
};

/** `T | None`: null passes through, anything else goes to T. */
export const nullable =
  (inner: Validator): Validator =>
  (input, loc, errors) =>
    input === null ? null : inner(input, loc, errors);

export const listOf =
  (item: Validator): Validator =>
  (input, loc, errors) => {
    if (!Array.isArray(input)) return fail(errors, loc, input, 'list_type', 'Input should be a valid list');
    const out = input.map((v, i) => item(v, [...loc, i], errors));
    return out.includes(INVALID) ? INVALID : out;
  };

export const dictOf =
  (value: Validator): Validator =>
  (input, loc, errors) => {
    if (!isDict(input)) return fail(errors, loc, input, 'dict_type', 'Input should be a valid dictionary');
    const out = [...input].map(([k, v]) => [k, value(v, [...loc, k], errors)] as const);
    return out.some(([, v]) => v === INVALID) ? INVALID : Object.fromEntries(out);
  };

export function enumOf(values: readonly string[]): Validator {
  const expected = values.slice(0, -1).map((v) => `'${v}'`).join(', ') + ` or '${values[values.length - 1]}'`;
  return (input, loc, errors) =>
    typeof input === 'string' && values.includes(input)
      ? input
      : fail(errors, loc, input, 'enum', `Input should be ${expected}`, { expected });
}

/** A field of a model: its validator and, when it may be omitted, a factory for its default. */
export interface Field {
  validate: Validator;
  default?: () => unknown;
}

export interface ModelSpec {
  fields: Record<string, Field>;
  /** pydantic's `extra`: 'ignore' drops unknown keys, 'forbid' reports each one after the field errors. */
  extra: 'ignore' | 'forbid';
  /** A `model_validator(mode='before')` that receives the dict. */
  before?: (input: PyDict) => PyDict;
}

/** A pydantic model: fields validated in declaration order, every error collected, defaults for omitted keys. */
export function model(spec: ModelSpec): Validator {
  return (input, loc, errors) => {
    if (!isDict(input)) {
      return fail(errors, loc, input, 'model_attributes_type', 'Input should be a valid dictionary or object to extract fields from');
    }
    const data = spec.before ? spec.before(input) : input;
    const out: Record<string, unknown> = {};
    let ok = true;
    for (const [name, field] of Object.entries(spec.fields)) {
      if (data.has(name)) out[name] = field.validate(data.get(name) as PyValue, [...loc, name], errors);
      else if (field.default) out[name] = field.default();
      else out[name] = fail(errors, [...loc, name], data, 'missing', 'Field required');
      if (out[name] === INVALID) ok = false;
    }
    if (spec.extra === 'forbid') {
      for (const [key, value] of data) {
        if (Object.hasOwn(spec.fields, key)) continue;
        fail(errors, [...loc, key], value, 'extra_forbidden', 'Extra inputs are not permitted');
        ok = false;
      }
    }
    return ok ? out : INVALID;
  };
}

/** Runs a validator written in Python as `mode='before'`: PyValueError becomes value_error, other errors crash. */
export function before(check: (input: PyValue) => PyValue, then: Validator): Validator {
  return (input, loc, errors) => {
    let value: PyValue;
    try {
      value = check(input);
    } catch (e) {
      if (e instanceof PyValueError) return valueError(errors, loc, input, e.message);
      throw e;
    }
    return then(value, loc, errors);
  };
}

/** A `mode='after'` validator: runs on the already converted value. */
export function after<T = string>(first: Validator, check: (value: T) => T): Validator {
  return (input, loc, errors) => {
    const value = first(input, loc, errors);
    if (value === INVALID) return INVALID;
    try {
      return check(value as T);
    } catch (e) {
      if (e instanceof PyValueError) return valueError(errors, loc, input, e.message);
      throw e;
    }
  };
}

/** Calling a str method on a non-str input, as the real `mode='before'` validators do: AttributeError. */
export function requireStr(input: PyValue, method: string): string {
  if (typeof input !== 'string') throw new ServerCrash(`'${pyTypeName(input)}' object has no attribute '${method}'`);
  return input;
}
