import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, type ZodType } from 'zod';
import { ok } from './envelope';

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

/**
 * A route's success answer serialised once per data object (docs/decisions/0040): the list cache hands
 * the same page object to every reader with no fields of their own on it, so its bytes are built once
 * and sent as they are until the page is forgotten (the object, and its bytes with it, are then
 * collected). Any other object is serialised by the route's serializer as usual, once.
 */
export function answerOnce(): <T extends object>(reply: FastifyReply, data: T) => FastifyReply {
  const bodies = new WeakMap<object, Buffer>();
  return (reply, data) => {
    let body = bodies.get(data);
    if (!body) {
      body = Buffer.from(reply.serialize(ok(data)) as string);
      bodies.set(data, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  };
}
