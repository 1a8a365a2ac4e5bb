// The root of the stand-in's GraphQL answers: plain objects resolved by graphql's default resolvers,
// executed against GitHub's schema (so a field the stand-in leaves out is an error, not a guess).
import type { Repository } from './repository';
import type { Token } from './server';

export function graphqlRoot(repository: Repository, user: Token) {
  const ref = (name: string) => {
    const sha = repository.branches.get(name.replace(/^refs\/heads\//, ''));
    return sha ? { name, target: { __typename: 'Commit', oid: sha } } : null;
  };
  return {
    viewer: { login: user.login, name: user.login },
    repository: ({ owner, name }: { owner: string; name: string }) =>
      owner === repository.owner && name === repository.name
        ? {
            name,
            nameWithOwner: `${owner}/${name}`,
            defaultBranchRef: ref('main'),
            ref: ({ qualifiedName }: { qualifiedName: string }) => ref(qualifiedName),
          }
        : null,
  };
}
