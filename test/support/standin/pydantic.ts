// One V1 settings leaf through pydantic 2.14 (validators.ts), and the text of the ValidationError raised: the
// V1 settings route answers 400 {"error": str(error)} with it (what 1.11.0 answered is checked by
// test/conformance/v1Settings.suite.ts).
import { PyFloat, type PyValue, formatPyFloat } from './pyJson';
import { pyRepr } from './pyText';
import { type ErrorDetail, INVALID, type Validator, bool, float, int, pyTypeName, str } from './validators';

export type ValueKind = 'string' | 'integer' | 'number' | 'boolean' | 'any';

export interface FieldRule {
  kind: ValueKind;
  nullable: boolean;
  /** A Literal field's values. */
  choices?: string[];
  /** `Field(ge=...)`. */
  min?: number;
}

export class PydanticError extends Error {
  constructor(title: string, loc: string, type: string, msg: string, input: PyValue) {
    super(
      `1 validation error for ${title}\n${loc}\n  ${msg} [type=${type}, input_value=${pyValueRepr(input)}, ` +
        `input_type=${pyTypeName(input)}]\n    For further information visit https://errors.pydantic.dev/2.14/v/${type}`,
    );
  }
}

/** Why pydantic refused a value, before the title and location are known. */
export interface Failure {
  failure: ErrorDetail;
}

export function pyValueRepr(value: PyValue): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value instanceof PyFloat) return formatPyFloat(value.value);
  if (typeof value === 'string') return pyRepr(value);
  if (Array.isArray(value)) return `[${value.map(pyValueRepr).join(', ')}]`;
  return `{${[...value.entries()].map(([k, v]) => `${pyRepr(k)}: ${pyValueRepr(v)}`).join(', ')}}`;
}

// A float field keeps a float: validators.ts's float gives a plain number, which would print as an int.
const number: Validator = (input, loc, errors) => {
  const value = float(input, loc, errors);
  return value === INVALID ? INVALID : new PyFloat(value as number);
};
const VALIDATORS: Record<Exclude<ValueKind, 'any'>, Validator> = { string: str, integer: int, number, boolean: bool };

/** `Literal['a', 'b']`: "Input should be 'a' or 'b'". */
export function literal(choices: readonly string[]): Validator {
  const listed = `${choices.slice(0, -1).map(pyRepr).join(', ')}${choices.length > 1 ? ' or ' : ''}${pyRepr(choices[choices.length - 1])}`;
  return (input, loc, errors) => {
    if (typeof input === 'string' && choices.includes(input)) return input;
    errors.push({ type: 'literal_error', loc, msg: `Input should be ${listed}`, input, ctx: { expected: listed } });
    return INVALID;
  };
}

/** The value as the model keeps it, or why pydantic refuses it. */
export function coerce(rule: FieldRule, value: PyValue): PyValue | Failure {
  if (rule.kind === 'any' || (value === null && rule.nullable)) return value;
  const validate = rule.choices?.length ? literal(rule.choices) : VALIDATORS[rule.kind];
  const errors: ErrorDetail[] = [];
  const taken = validate(value, [], errors);
  if (taken === INVALID) return { failure: errors[0] };
  if (rule.min !== undefined && typeof taken === 'number' && taken < rule.min) {
    return { failure: { type: 'greater_than_equal', loc: [], msg: `Input should be greater than or equal to ${rule.min}`, input: value } };
  }
  return taken as PyValue;
}

export const isFailure = (value: PyValue | Failure): value is Failure =>
  value !== null && typeof value === 'object' && 'failure' in value;

/** The error for a failure at a location. */
export const refusal = (title: string, loc: string, failure: Failure, input: PyValue): PydanticError =>
  new PydanticError(title, loc, failure.failure.type, failure.failure.msg, input);
