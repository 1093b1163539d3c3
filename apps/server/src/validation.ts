import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';

const INTEGER_TEXT = /^[+-]?\d+$/;

interface SchemaShape {
  type?: unknown;
  properties?: Record<string, SchemaShape>;
  items?: SchemaShape;
}

/**
 * TypeBox's conversion turns "1.5" into 1 for an integer, so `/vm/1.5` would reach VM 1. Where
 * the raw text of an integer field is not a whole number, keep the text, so validation refuses it.
 */
function keepNonIntegerText(schema: SchemaShape, raw: unknown, converted: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || !schema.properties) return converted;
  if (typeof converted !== 'object' || converted === null) return converted;
  const result = { ...(converted as Record<string, unknown>) };
  for (const [key, property] of Object.entries(schema.properties)) {
    const value = (raw as Record<string, unknown>)[key];
    const integer = (shape: SchemaShape | undefined) => shape?.type === 'integer';
    if (integer(property) && typeof value === 'string' && !INTEGER_TEXT.test(value)) {
      result[key] = value;
    } else if (integer(property.items) && Array.isArray(value)) {
      const items = result[key];
      if (Array.isArray(items))
        result[key] = items.map((item: unknown, index) => {
          const text: unknown = value[index];
          return typeof text === 'string' && !INTEGER_TEXT.test(text) ? text : item;
        });
    }
  }
  return result;
}

/**
 * The shared contract's TypeBox schemas, checked with TypeBox's compiler. Path and query text is
 * converted to the schema's types first (whole numbers only for integers; Convert works in place,
 * hence the clone); bodies are JSON already.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = Compile(schema);
  return (value: unknown) => {
    const converted =
      httpPart === 'body'
        ? value
        : keepNonIntegerText(
            schema as SchemaShape,
            value,
            Value.Convert(schema, Value.Clone(value)),
          );
    if (check.Check(converted)) return { value: converted };
    return { error: check.Errors(converted) as never };
  };
};
