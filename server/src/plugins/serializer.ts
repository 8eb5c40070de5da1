import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, type ZodType } from 'zod';
import { ok } from './envelope';
import { pickEncoding } from './spa';

type SerializerCompiler = Parameters<FastifyInstance['setSerializerCompiler']>[0];

/**
 * Response serialisation (docs/decisions/0020). By default each route's zod
 * response schema is turned into JSON Schema once, at start-up, and compiled
 * with fast-json-stringify: only the declared fields go out (as zod's output
 * strips the rest) and a missing required field still fails the request, but
 * nothing is re-validated per request. With CHECK_ANSWERS=true (the tests set it)
 * zod checks every answer in full, so a handler that drifts from the contract fails there.
 */
export function responseSerializerCompiler(validate: boolean): SerializerCompiler {
  if (validate) return zodSerializerCompiler as SerializerCompiler;
  return ({ schema }) => {
    const json = toJSONSchema(schema as ZodType, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
    return fastJson(json as Schema) as (data: unknown) => string;
  };
}

/** Answers smaller than this go out as they are (@fastify/compress's threshold in app.ts). */
const COMPRESS_FROM_BYTES = 1024;
type Bodies = { raw: Buffer; br?: Buffer; gz?: Buffer };

/**
 * A route's success answer built once per data object (docs/decisions/0040): the list cache hands the
 * same page object to every reader with no fields of their own on it, so its bytes, and its brotli or
 * gzip form once a client asks for one, are built the first time and sent as they are until the page
 * is forgotten (the object, and its bytes with it, are then collected). Any other object is
 * serialised by the route's serializer (and compressed) as usual, once.
 */
export function answerOnce(): <T extends object>(reply: FastifyReply, data: T) => FastifyReply {
  const built = new WeakMap<object, Bodies>();
  return (reply, data) => {
    let bodies = built.get(data);
    if (!bodies) {
      bodies = { raw: Buffer.from(reply.serialize(ok(data)) as string) };
      built.set(data, bodies);
    }
    reply.type('application/json; charset=utf-8');
    if (bodies.raw.length < COMPRESS_FROM_BYTES) return reply.send(bodies.raw);
    reply.header('vary', 'accept-encoding');
    const encoding = pickEncoding(reply.request.headers['accept-encoding']);
    if (!encoding) return reply.send(bodies.raw);
    const body = (bodies[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(bodies.raw, {
            params: {
              [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              [zlib.BROTLI_PARAM_QUALITY]: 5,
              [zlib.BROTLI_PARAM_SIZE_HINT]: bodies.raw.length,
            },
          })
        : gzipSync(bodies.raw, { level: 6 }));
    // Already encoded: @fastify/compress leaves an answer with a content-encoding alone.
    return reply.header('content-encoding', encoding === 'br' ? 'br' : 'gzip').send(body);
  };
}
