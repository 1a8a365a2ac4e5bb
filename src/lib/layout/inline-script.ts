import { minifySync } from 'vite';

/**
 * Minifies the source of an inline `<script>` at build time with Vite's own minifier, so the bytes
 * every page carries inline stay few. Throws (failing the build) on a syntax error.
 */
export function minifyInline(code: string): string {
  const result = minifySync('inline.js', code, { compress: true, mangle: true });
  if (result.errors.length)
    throw new Error(`Inline script does not minify: ${result.errors.map(String).join('; ')}`);
  return result.code;
}
