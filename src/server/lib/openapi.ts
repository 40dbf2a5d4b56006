import type { SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ERROR_STATUSES, apiError, type ApiErrorStatus } from '../../shared/schemas/errors.js';
import type { Access } from './context.js';

/*
 * The OpenAPI document (/app/openapi.json) is made from the routes' own schemas. This file is the
 * one place that adds what every route shares: the error answers in the shared shape
 * (src/shared/schemas/errors.ts), which statuses a route can answer, and who may call it
 * (`security: []` on public routes). A route documents only what is its own: answers the runtime
 * serializer must not see (files, pages, redirects) in `schema.otherResponses`.
 */

/** A documented answer in OpenAPI's JSON form (documentation only; never used to serialize). */
export interface ResponseDoc {
  description: string;
  content?: Record<string, { schema: Record<string, unknown> }>;
  headers?: Record<string, Record<string, unknown>>;
  /** 'null': an answer without a body. */
  type?: 'null';
}

const errorJson = (() => {
  const { $schema: _drop, ...json } = z.toJSONSchema(apiError, { target: 'openapi-3.0' }) as Record<string, unknown>;
  return json;
})();

/** An answer with the shared error shape. */
export function errorResponse(status: ApiErrorStatus, description: string = API_ERROR_STATUSES[status]): ResponseDoc {
  const doc: ResponseDoc = { description, content: { 'application/json': { schema: errorJson } } };
  if (status === 429) doc.headers = { 'retry-after': { type: 'integer', description: 'Seconds to wait, when known' } };
  return doc;
}

/** A file answer (PDF, CSV, image): the body is the file's bytes. */
export function fileResponse(description: string, ...mimeTypes: string[]): ResponseDoc {
  return { description, content: Object.fromEntries(mimeTypes.map((m) => [m, { schema: { type: 'string', format: 'binary' } }])) };
}

/** A redirect to `Location`. */
export function redirectResponse(description: string): ResponseDoc {
  return { description, type: 'null', headers: { location: { type: 'string', description: 'Where to go next' } } };
}

/** An answer without a body (e.g. 304 Not Modified). */
export function emptyResponse(description: string): ResponseDoc {
  return { description, type: 'null' };
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface RouteLike {
  url: string;
  method: string | string[];
  config?: { access?: Access; maintenanceExempt?: boolean };
}

/**
 * The error statuses every route shares, by what the route is: a request body can be bad JSON
 * (400), too large (413) or of a type without a parser (415); a path parameter can be broken
 * percent-encoding (400) or longer than the router takes (414); a signed-in route answers 401 and
 * 403; every route can answer 404, 409, 422 and 429; maintenance mode answers 503 unless the route
 * is exempt.
 */
export function sharedErrorStatuses(route: RouteLike): ApiErrorStatus[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const statuses: ApiErrorStatus[] = [];
  const hasBody = methods.some((m) => BODY_METHODS.has(m.toUpperCase()));
  const hasPathParams = route.url.includes('/:');
  if (hasBody || hasPathParams) statuses.push(400);
  if (hasBody) statuses.push(413, 415);
  if (hasPathParams) statuses.push(414);
  if (route.config?.access !== 'public') statuses.push(401, 403);
  statuses.push(404, 409, 422, 429);
  if (!route.config?.maintenanceExempt) statuses.push(503);
  return statuses;
}

/** Security schemes: the session token in the Authorization header, and (download links) in ?bearer=. */
export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer' },
  bearerQuery: { type: 'apiKey', in: 'query', name: 'bearer' },
} as const;

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** @fastify/swagger's transform: the zod schemas as JSON Schema, plus the shared errors and security. */
export function openapiTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const result = jsonSchemaTransform(input);
  const schema = result.schema as (Record<string, unknown> & { hide?: boolean }) | undefined;
  if (!schema || schema.hide) return result;
  const route = (input as { route: RouteLike & { schema?: { otherResponses?: Record<number, ResponseDoc> } } }).route;
  const responses: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const status of sharedErrorStatuses(route)) responses[status] ??= errorResponse(status);
  for (const [status, doc] of Object.entries(route.schema?.otherResponses ?? {})) responses[status] = doc;
  delete schema.otherResponses;
  schema.response = responses;
  if (schema.security === undefined && route.config?.access === 'public') schema.security = [];
  return result;
}

/**
 * @fastify/swagger's transformObject: the error shape once, in components.schemas.ApiError, and
 * every error answer refers to it (the document would otherwise repeat it hundreds of times).
 */
export const openapiTransformObject: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const openapiObject = document.openapiObject as Record<string, unknown>;
  const inline = JSON.stringify(errorJson);
  const ref = { $ref: '#/components/schemas/ApiError' };
  type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };
  for (const item of Object.values((openapiObject.paths ?? {}) as Record<string, Record<string, Operation>>)) {
    for (const op of Object.values(item)) {
      for (const response of Object.values(op.responses ?? {})) {
        const media = response.content?.['application/json'];
        if (media && JSON.stringify(media.schema) === inline) media.schema = ref;
      }
    }
  }
  const components = (openapiObject.components ?? {}) as { schemas?: Record<string, unknown> };
  return { ...openapiObject, components: { ...components, schemas: { ...components.schemas, ApiError: errorJson } } };
};

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Answers documented in /app/openapi.json but never serialized by the route's schema: files,
     * pages, redirects, and error statuses beyond the shared ones (see sharedErrorStatuses).
     */
    otherResponses?: Record<number, ResponseDoc>;
  }
}
