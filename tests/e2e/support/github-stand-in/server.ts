// A GitHub stand-in for the tests: an in-memory repository behind GitHub's REST and GraphQL routes,
// only the surface the editor (Sveltia CMS) and scripts/publish-status.mjs use. Every request and
// every answer is checked against GitHub's published contracts (./contract.ts); what GitHub would
// reject is answered as GitHub would (422 Validation Failed, GraphQL `errors`) and recorded in
// `violations`, which a test expects empty.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { execute, type ExecutionResult } from 'graphql';
import {
  checkGraphql,
  checkRequestBody,
  checkResponse,
  documentedAnswer,
  findRoute,
  githubSchema,
} from './contract';
import { createRepository, type Repository } from './repository';
import { restHandlers } from './rest';
import { graphqlRoot } from './graphql';
import { answerOAuth, type OAuth, type OAuthApp } from './oauth';

/**
 * A token the stand-in knows: answered 401 « Bad credentials » when `valid` is false; without
 * `pullRequests: 'write'` (a fine-grained token without « Pull requests: write »), GitHub's 403 to
 * what opens, labels, drafts and merges a pull request.
 */
export type Token = {
  valid: boolean;
  login: string;
  pullRequests?: 'write' | 'read';
  /** The user's access to the repository: write by default; `none` is GitHub's 404 to it. */
  repository?: 'write' | 'read' | 'none';
};

export type StandIn = {
  url: string;
  repository: Repository;
  violations: string[];
  /** The web sign-in (./oauth.ts), when started with an `app`. */
  oauth?: OAuth;
  close(): Promise<void>;
};

type Answer = { status: number; body?: unknown; text?: string; headers?: Record<string, string> };

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return Symbol.for('invalid-json');
  }
}

type Context = {
  repository: Repository;
  rest: ReturnType<typeof restHandlers>;
  violations: string[];
  user: Token;
};

/** A GraphQL request: validated against GitHub's schema, then executed on the repository. */
async function answerGraphql(
  { repository, violations, user }: Context,
  body: unknown,
): Promise<Answer> {
  const { query, variables } = (body ?? {}) as {
    query?: unknown;
    variables?: Record<string, unknown>;
  };
  const { document, errors } = checkGraphql(query);
  if (!document) {
    violations.push(`GraphQL document rejected: ${errors.join('; ')}`);
    return { status: 200, body: { errors: errors.map((message) => ({ message })) } };
  }
  const result = (await execute({
    schema: githubSchema(),
    document,
    rootValue: graphqlRoot(repository, user),
    variableValues: variables,
  })) as ExecutionResult;
  if (result.errors)
    violations.push(`GraphQL errors: ${result.errors.map((e) => e.message).join('; ')}`);
  return { status: 200, body: result };
}

/** A REST request: a documented route, a body GitHub accepts, an answer GitHub could give. */
function answerRest(
  { rest, violations, user }: Context,
  method: string,
  url: URL,
  body: unknown,
): Answer {
  const route = findRoute(method, url.pathname);
  if (!route) {
    violations.push(`${method} ${url.pathname} is not a GitHub REST route`);
    return { status: 404, body: { message: 'Not Found' } };
  }
  const bodyErrors = checkRequestBody(route, body);
  if (bodyErrors.length) {
    violations.push(`${method} ${route.template}: body rejected: ${bodyErrors.join('; ')}`);
    return { status: 422, body: { message: 'Validation Failed', errors: bodyErrors } };
  }
  const handler = rest[`${method} ${route.template}`];
  if (!handler) {
    violations.push(`${method} ${route.template} is not implemented by the stand-in`);
    return { status: 501, body: { message: 'Not implemented by the stand-in' } };
  }
  const result = handler({
    url,
    params: route.pattern.exec(url.pathname)!.slice(1).map(decodeURIComponent),
    body,
    user,
    answer: (status, fields) => ({ status, body: documentedAnswer(route, status, fields) }),
  });
  const responseErrors = checkResponse(route, result.status, result.body);
  if (responseErrors.length)
    violations.push(`${method} ${route.template} → ${result.status}: ${responseErrors.join('; ')}`);
  return result;
}

type Stand = {
  repository: Repository;
  rest: ReturnType<typeof restHandlers>;
  violations: string[];
  tokens: Record<string, Token>;
  oauth: OAuth | undefined;
};

/** Any request: the web sign-in's, else a token's GraphQL or REST call. */
async function answer(
  { repository, rest, violations, tokens, oauth }: Stand,
  request: IncomingMessage,
): Promise<Answer> {
  // GitHub Enterprise's paths, as Sveltia's `api_root` option makes them (`/api/v3/…`,
  // `/api/graphql`), or github.com's (`/…`, `/graphql`).
  const url = new URL((request.url ?? '/').replace(/^\/api(\/v3)?(?=\/)/, ''), 'http://stand-in');
  const method = request.method ?? 'GET';
  if (method === 'OPTIONS') return { status: 204 };
  const signin = await answerOAuth(oauth, request, url, { tokens, violations });
  if (signin) return signin;
  const token = /^(?:Bearer|token) (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const user = token ? tokens[token] : undefined;
  if (!user?.valid)
    return {
      status: 401,
      body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' },
    };
  const body = await readBody(request);
  if (body === Symbol.for('invalid-json'))
    return { status: 400, body: { message: 'Problems parsing JSON' } };

  const context = { repository, rest, violations, user };
  if (url.pathname === '/graphql' && method === 'POST') return answerGraphql(context, body);
  return answerRest(context, method, url, body);
}

/** Writes `answer`: JSON with GitHub's CORS headers, or a page or redirect as it is. */
function writeAnswer(response: ServerResponse, { status, body, text, headers }: Answer) {
  if (text !== undefined || status === 302) {
    response.writeHead(status, headers);
    response.end(text ?? '');
    return;
  }
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept, X-GitHub-Api-Version',
    'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
    ...headers,
  });
  response.end(body === undefined ? '' : JSON.stringify(body));
}

export async function startGithubStandIn(options: {
  port: number;
  owner: string;
  name: string;
  files: Record<string, string>;
  tokens: Record<string, Token>;
  /** A GitHub App whose web sign-in the stand-in plays (./oauth.ts). */
  app?: OAuthApp;
}): Promise<StandIn> {
  const repository = createRepository(options.owner, options.name, options.files);
  const violations: string[] = [];
  const tokens = { ...options.tokens };
  const oauth: OAuth | undefined = options.app && {
    app: options.app,
    authorized: new Set(),
    requests: [],
    codes: new Map(),
  };
  const rest = restHandlers(repository);
  githubSchema();

  const stand = { repository, rest, violations, tokens, oauth };
  const server: Server = createServer((request, response) => {
    answer(stand, request)
      .catch((error: Error) => {
        violations.push(`stand-in failure: ${error.stack}`);
        return { status: 500, body: { message: error.message } } as Answer;
      })
      .then((answered) => writeAnswer(response, answered));
  });
  await new Promise<void>((resolve, reject) =>
    server.once('error', reject).listen(options.port, '127.0.0.1', resolve),
  );
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    repository,
    violations,
    oauth,
    // The browser keeps its connections open (and the editor polls): they are closed with it.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
