/**
 * The page the sign-in popup ends on (/admin/callback, and /admin/auth when it cannot start): a French
 * message for the copywriter, and the editor's popup protocol (Decap's, which Sveltia CMS speaks):
 * the popup says `authorizing:github` to its opener, the opener answers the same words, the popup
 * then posts `authorization:github:success:{"token":…}` (or `…:error:{"error":…}`). Every message
 * goes to the page's own origin only, and only an answer from that origin is heard: a page of
 * another origin that opened the popup never receives the token.
 */

/** What the popup says: the token for the editor, or the French reason it has none. */
export type Outcome = { token: string } | { error: string };

/** French messages of the sign-in (narrow no-break spaces before « : ; ! ? »). */
export const MESSAGES = {
  notConfigured:
    'La connexion avec GitHub n’est pas configurée sur ce site. Utilisez un jeton d’accès ou prévenez l’agence.',
  badRequest: 'Cette adresse de connexion n’est pas valide. Recommencez depuis l’éditeur (/admin).',
  forgedState:
    'La demande de connexion n’a pas été reconnue (lien expiré ou ouvert depuis un autre navigateur). Recommencez depuis l’éditeur.',
  denied:
    'Vous avez refusé l’accès demandé par l’éditeur sur GitHub. Pour vous connecter, recommencez et cliquez sur «\u202fAuthorize\u202f».',
  expiredCode:
    'Le code de connexion de GitHub a expiré ou a déjà servi. Recommencez depuis l’éditeur.',
  wrongClient:
    'GitHub a refusé l’application de connexion de ce site (identifiant ou secret incorrect). Prévenez l’agence.',
  wrongCallback:
    'L’adresse de retour de ce site n’est pas celle déclarée dans l’application GitHub. Prévenez l’agence.',
  githubError: 'GitHub n’a pas pu terminer la connexion. Réessayez dans quelques minutes.',
  unreachable: 'GitHub ne répond pas pour le moment. Réessayez dans quelques minutes.',
  noAccess:
    'Votre compte GitHub n’a pas accès au dépôt du site. Demandez à l’agence de vous ajouter comme collaboratrice ou collaborateur.',
  readOnly:
    'Votre compte GitHub peut lire le dépôt du site mais pas y écrire. Demandez à l’agence l’accès en écriture.',
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A value as a JavaScript literal safe inside <script> (no `</script>`, no `<!--`). */
const scriptLiteral = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The popup's script: the handshake with the opener, on the page's own origin only. */
function handshake(message: string): string {
  return `(() => {
  const message = ${scriptLiteral(message)};
  const origin = window.location.origin;
  const opener = window.opener;
  if (!opener) return;
  window.addEventListener('message', (event) => {
    if (event.origin !== origin || event.data !== 'authorizing:github') return;
    opener.postMessage(message, origin);
  });
  opener.postMessage('authorizing:github', origin);
})();`;
}

/** A random nonce for the page's one script. */
function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The popup's page for an outcome, with its own headers: no cache, not indexed, no referrer (the
 * address held GitHub's code), a policy that runs its one script only. No Cross-Origin-Opener-Policy:
 * the popup must keep its opener, the editor.
 */
export function outcomePage(outcome: Outcome, status: number, headers: HeadersInit = {}): Response {
  const failed = 'error' in outcome;
  const title = failed ? 'Connexion impossible' : 'Connexion réussie';
  const text = failed ? outcome.error : 'Retour à l’éditeur…';
  const payload = failed
    ? { provider: 'github', error: outcome.error }
    : { provider: 'github', token: outcome.token };
  const message = `authorization:github:${failed ? 'error' : 'success'}:${JSON.stringify(payload)}`;
  const scriptNonce = nonce();
  const html = `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title} – Éditeur de contenu</title>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${escapeHtml(text)}</p>
${failed ? '<p><a href="/admin">Retour à l’éditeur</a></p>' : ''}
</main>
<script nonce="${scriptNonce}">${handshake(message)}</script>
</body>
</html>
`;
  const response = new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `default-src 'none'; script-src 'nonce-${scriptNonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
  new Headers(headers).forEach((value, name) => response.headers.append(name, value));
  return response;
}
