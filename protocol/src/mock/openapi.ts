import { z } from 'zod';
import { envelopeSchema } from '../envelope.js';
import type { RouteDef } from '../routes/define.js';

type JsonSchema = Record<string, unknown>;

/** Request schemas are documented as the caller writes them; answers as the server sends them. */
function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/**
 * An OpenAPI 3.1 document generated from the route table, so the documentation can never drift
 * from the contract the mock, the gateway and the clients are built on.
 */
export function buildOpenApi(routes: Readonly<Record<string, RouteDef>>, serverUrl?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const envelope = toSchema(envelopeSchema, 'output');
  for (const [name, route] of Object.entries(routes)) {
    const operation: Record<string, unknown> = {
      operationId: name,
      summary: route.summary,
      tags: [route.path.split('/').filter(Boolean).slice(0, -1).join('/') || 'root'],
      'x-access': route.access,
      'x-flags': {
        initial: route.initial ?? false,
        noErrorToast: route.noErrorToast ?? false,
        showsLoading: route.showsLoading ?? false,
        toastOnSuccess: route.toastOnSuccess ?? false,
        cacheable: route.cacheable ?? false,
      },
    };
    if (route.host && route.host !== 'api') operation['x-host'] = route.host;
    if (route.access !== 'public') operation.security = [{ token: [] }];
    const request = toSchema(route.request, 'input');
    if (route.encoding === 'query') {
      const properties = (request.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((request.required as string[] | undefined) ?? []);
      operation.parameters = Object.entries(properties).map(([param, schema]) => ({
        name: param,
        in: 'query',
        required: required.has(param),
        schema,
      }));
    } else {
      const mediaType = {
        form: 'application/x-www-form-urlencoded',
        multipart: 'multipart/form-data',
        json: 'application/json',
      }[route.encoding];
      operation.requestBody = { required: true, content: { [mediaType]: { schema: request } } };
    }
    const data = toSchema(route.response, 'output');
    const answer =
      route.answer === 'raw'
        ? data
        : {
            allOf: [
              envelope,
              {
                description: 'code 1: success with data; any other code: refusal with msg',
                properties: { data },
              },
            ],
          };
    operation.responses = {
      200: { description: 'The answer', content: { 'application/json': { schema: answer } } },
    };
    const byMethod = paths[route.path] ?? {};
    byMethod[route.method.toLowerCase()] = operation;
    paths[route.path] = byMethod;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pipstream upstream API',
      version: '1',
      description:
        'Every REST call of the Pipstream trading backend, generated from the route table of ' +
        '@pipstream/protocol. Answers are `{code, msg, data}` envelopes; code 1 is success, 999 ' +
        'means the session is gone. The realtime socket is at /v1/ws.',
    },
    servers: serverUrl ? [{ url: serverUrl }] : [],
    components: {
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'authorization' } },
    },
    paths,
  };
}
