// The 404 page logs the path asked for (src/pages/404.astro). A file, not an inline script: an
// inline one would add its hash to the Content-Security-Policy header of every page.
console.warn('404 : chemin inexistant demandé :', location.pathname);
