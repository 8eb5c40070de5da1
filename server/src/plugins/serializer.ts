import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, type ZodType } from 'zod';

type SerializerCompiler = Parameters<FastifyInstance['setSerializerCompiler']>[0];

/**
 * Response serialisation (docs/decisions/0020). Outside tests each route's zod
 * response schema is turned into JSON Schema once, at start-up, and compiled
 * with fast-json-stringify: only the declared fields go out (as zod's output
 * strips the rest) and a missing required field still fails the request, but
 * nothing is re-validated per request. Tests (NODE_ENV=test) keep zod's full
 * check of every answer, so a handler that drifts from the contract fails there.
 */
export function responseSerializerCompiler(validate: boolean): SerializerCompiler {
  if (validate) return zodSerializerCompiler as SerializerCompiler;
  return ({ schema }) => {
    const json = toJSONSchema(schema as ZodType, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
    return fastJson(json as Schema) as (data: unknown) => string;
  };
}
