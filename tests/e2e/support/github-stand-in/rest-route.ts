// What every REST route of the stand-in shares (rest.ts): the request it gets, its handler, and the
// repository and pull request its path names.
import type { PullRequest, Repository } from './repository';
import type { Token } from './server';

export type Request = {
  url: URL;
  params: string[];
  body: unknown;
  user: Token;
  /** GitHub's documented answer for `status`, `fields` laid over it. */
  answer(status: number, fields: object): { status: number; body: unknown };
};
export type Handler = (request: Request) => { status: number; body?: unknown };

/** Whether the path's `{owner}/{repo}` is the stand-in's repository. */
export const owns = (repository: Repository, [owner, name]: string[]) =>
  owner === repository.owner && name === repository.name;

/** The pull request (or issue) the path's third parameter numbers, in the stand-in's repository. */
export const pullRequestAt = (repository: Repository, params: string[]): PullRequest | undefined =>
  owns(repository, params)
    ? repository.pullRequests.find(({ number }) => number === Number(params[2]))
    : undefined;
