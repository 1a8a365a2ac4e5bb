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
type Route = { method: string; template: string; pattern: RegExp; operation: Operation };

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
function check(schemaObject: object, value: unknown): string[] {
  let run = compiled.get(schemaObject);
  if (!run) compiled.set(schemaObject, (run = ajv.compile(schemaObject)));
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
