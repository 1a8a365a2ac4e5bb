/** The part of `@mdn/mdn-http-observatory` (plain JavaScript, no types) that tests/build uses. */
declare module '@mdn/mdn-http-observatory' {
  /** Scans `host` (a host name, with a port if any) over HTTP and HTTPS. */
  export function scan(host: string): Promise<{
    tests: Record<string, { pass: boolean; result: string }>;
  }>;
}
