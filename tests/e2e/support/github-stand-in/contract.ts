// GitHub's own published contracts, for the GitHub stand-in: every GraphQL document is validated
// against GitHub's schema (@octokit/graphql-schema) and every REST request and response against
// GitHub's OpenAPI description (@octokit/openapi). A failure is what GitHub would reject (a request)
// or what GitHub never answers (a response): the stand-in records it and the test fails.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  buildClientSchema,
  parse,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';
import { Ajv, type ValidateFunction } from 'ajv';
import { schema as octokitSchema } from '@octokit/graphql-schema';

const require = createRequire(import.meta.url);

let schema: GraphQLSchema | undefined;
/**
 * GitHub's GraphQL schema, built once from the introspection result the package publishes (as the
 * package's own `validate` does; its SDL file defines two fields twice and does not build).
 */
export function githubSchema(): GraphQLSchema {
  schema ??= buildClientSchema(octokitSchema.json as unknown as IntrospectionQuery, {
    assumeValid: true, // GitHub's schema as published; graphql 17 is stricter on deprecations
  });
  return schema;
}

/** Parses and validates a GraphQL document: the document, or the messages GitHub would answer. */
export function checkGraphql(query: unknown): { document?: DocumentNode; errors: string[] } {
  if (typeof query !== 'string') return { errors: ['A query attribute must be specified'] };
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    return { errors: [(error as Error).message] };
  }
  const errors = validate(githubSchema(), document).map(({ message }) => message);
  return errors.length ? { errors } : { document, errors };
}

type Operation = {
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
};
export type Route = { method: string; template: string; pattern: RegExp; operation: Operation };

let routes: Route[] | undefined;
function allRoutes(): Route[] {
  if (routes) return routes;
  const description = JSON.parse(
    readFileSync(require.resolve('@octokit/openapi/generated/api.github.com.deref.json'), 'utf8'),
  ) as { paths: Record<string, Record<string, Operation>> };
  routes = Object.entries(description.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      template,
      // `{ref}` and `{path}` hold slashes in GitHub's routes; every other parameter is one segment.
      pattern: new RegExp(
        `^${template.replace(/\{(\w+)\}/g, (_, name) => (/^(ref|path|basehead)$/.test(name) ? '(.+)' : '([^/]+)'))}$`,
      ),
      operation,
    })),
  );
  // Literal routes before templated ones (`/user/repos` before `/user/{id}`).
  routes.sort((a, b) => a.template.split('{').length - b.template.split('{').length);
  return routes;
}

/** The documented operation for a method and path (query string left out), if GitHub has one. */
export function findRoute(method: string, path: string): Route | undefined {
  return allRoutes().find((route) => route.method === method && route.pattern.test(path));
}

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const compiled = new WeakMap<object, ValidateFunction>();
/**
 * The description's schema as ajv reads it: OpenAPI's `nullable` beside no `type` (a schema that
 * takes any value, null included, as the Issue's `body`) is dropped, which ajv refuses to compile.
 */
function forAjv(schemaObject: unknown): unknown {
  if (Array.isArray(schemaObject)) return schemaObject.map(forAjv);
  if (typeof schemaObject !== 'object' || schemaObject === null) return schemaObject;
  const entries = Object.entries(schemaObject).filter(
    ([key]) => key !== 'nullable' || 'type' in schemaObject,
  );
  return Object.fromEntries(entries.map(([key, value]) => [key, forAjv(value)]));
}
function check(schemaObject: object, value: unknown): string[] {
  let run = compiled.get(schemaObject);
  if (!run) compiled.set(schemaObject, (run = ajv.compile(forAjv(schemaObject) as object)));
  return run(value)
    ? []
    : (run.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
}

/** A REST request body against the operation's documented body (JSON only). */
export function checkRequestBody(route: Route, body: unknown): string[] {
  const bodySchema = route.operation.requestBody?.content['application/json']?.schema;
  if (!bodySchema) return [];
  return check(bodySchema, body);
}

/** A REST response against the operation's documented response for that status code. */
export function checkResponse(route: Route, status: number, body: unknown): string[] {
  const response = route.operation.responses[String(status)];
  if (!response)
    return [`${status} is not a documented answer of ${route.method} ${route.template}`];
  const bodySchema = response.content?.['application/json']?.schema;
  return bodySchema && body !== undefined ? check(bodySchema, body) : [];
}

type JsonSchema = {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/**
 * The smallest value GitHub's description accepts for a schema: every required property, `null`
 * where it may be null, the first of an enum, empty strings and arrays, zeros. The stand-in answers
 * with it under the fields it fills from its repository, so an answer carries every field GitHub's
 * always carries, those the editor reads holding the repository's state.
 */
export function smallestValue(schema: JsonSchema): unknown {
  if (schema.allOf)
    return Object.assign({}, ...schema.allOf.map((part) => smallestValue(part) as object));
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return smallestValue(choice[0]);
  if (schema.enum) return schema.enum[0];
  const types = [schema.type ?? 'object'].flat();
  if (schema.nullable || types.includes('null')) return null;
  switch (types[0]) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, smallestValue(schema.properties?.[key] ?? {})]),
      );
    case 'array':
      return [];
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
function overlay(base: unknown, fields: unknown): unknown {
  if (!isPlain(base) || !isPlain(fields)) return fields;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(fields)) out[key] = overlay(base[key], value);
  return out;
}

/**
 * An answer of a documented operation: the smallest value its description accepts for that status,
 * with `fields` (the repository's state) laid over it.
 */
export function documentedAnswer(route: Route, status: number, fields: object): unknown {
  const bodySchema = route.operation.responses[String(status)]?.content?.['application/json']
    ?.schema as JsonSchema | undefined;
  if (!bodySchema) return fields;
  if (Array.isArray(fields))
    return fields.map((item) => overlay(smallestValue(bodySchema.items ?? {}), item));
  return overlay(smallestValue(bodySchema), fields);
}
