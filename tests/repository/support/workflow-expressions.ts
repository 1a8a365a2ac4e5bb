// GitHub Actions expressions (`if:` conditions, `${{ … }}`), parsed and evaluated as GitHub does, so
// the workflow tests read a condition's meaning, not its text: a negated or reordered condition
// evaluates differently. Grammar and semantics from docs.github.com, « Evaluate expressions in
// workflows and actions »: literals (null, booleans, numbers, '…' strings), property access
// (`a.b`, `a['b']`), function calls, and by precedence `!`, `< <= > >=`, `== !=`, `&&`, `||`;
// `&&`/`||` yield an operand; `==` ignores case between strings and otherwise compares as numbers.

type Value = unknown;
export type Context = Record<string, Value>;
type Token = { kind: 'op' | 'str' | 'num' | 'id'; text: string };

const OPERATORS = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '(', ')', '[', ']', '.', ','];

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    const space = /^\s+/.exec(rest);
    const str = /^'((?:[^']|'')*)'/.exec(rest);
    const num = /^-?(?:0x[0-9a-f]+|\d+(?:\.\d+)?(?:e[+-]?\d+)?)/i.exec(rest);
    const id = /^[A-Za-z_*][A-Za-z0-9_-]*/.exec(rest);
    const op = OPERATORS.find((o) => rest.startsWith(o));
    if (space) i += space[0].length;
    else if (str)
      (tokens.push({ kind: 'str', text: str[1].replace(/''/g, "'") }), (i += str[0].length));
    else if (num && tokens.at(-1)?.text !== '.')
      (tokens.push({ kind: 'num', text: num[0] }), (i += num[0].length));
    else if (id) (tokens.push({ kind: 'id', text: id[0] }), (i += id[0].length));
    else if (op) (tokens.push({ kind: 'op', text: op }), (i += op.length));
    else throw new Error(`Unexpected "${rest.slice(0, 10)}" in expression: ${source}`);
  }
  return tokens;
}

type Node =
  | { type: 'lit'; value: Value }
  | { type: 'ctx'; name: string }
  | { type: 'get'; object: Node; key: Node }
  | { type: 'call'; name: string; args: Node[] }
  | { type: 'not'; operand: Node }
  | { type: 'bin'; op: string; left: Node; right: Node };

const LEVELS = [['||'], ['&&'], ['==', '!='], ['<', '<=', '>', '>=']];

/** Parses an expression (without its `${{ }}`) into a tree. */
export function parse(source: string): Node {
  const tokens = tokenize(source);
  let at = 0;
  const peek = () => tokens[at];
  const take = (text?: string) => {
    const token = tokens[at++];
    if (!token || (text && token.text !== text))
      throw new Error(`Expected ${text ?? 'more'} in expression: ${source}`);
    return token;
  };
  const binary = (level: number): Node => {
    if (level === LEVELS.length) return unary();
    let left = binary(level + 1);
    while (peek()?.kind === 'op' && LEVELS[level].includes(peek().text)) {
      const op = take().text;
      left = { type: 'bin', op, left, right: binary(level + 1) };
    }
    return left;
  };
  const unary = (): Node =>
    peek()?.text === '!' ? (take(), { type: 'not', operand: unary() }) : postfix(primary());
  const postfix = (node: Node): Node => {
    for (;;) {
      if (peek()?.text === '.') {
        take();
        node = { type: 'get', object: node, key: { type: 'lit', value: take().text } };
      } else if (peek()?.text === '[') {
        take();
        const key = binary(0);
        take(']');
        node = { type: 'get', object: node, key };
      } else return node;
    }
  };
  const primary = (): Node => {
    const token = take();
    if (token.kind === 'str') return { type: 'lit', value: token.text };
    if (token.kind === 'num') return { type: 'lit', value: Number(token.text) };
    if (token.text === '(') {
      const inner = binary(0);
      take(')');
      return inner;
    }
    if (token.kind !== 'id') throw new Error(`Unexpected "${token.text}" in expression: ${source}`);
    const literal = { true: true, false: false, null: null } as Record<string, Value>;
    if (token.text in literal) return { type: 'lit', value: literal[token.text] };
    if (peek()?.text !== '(') return { type: 'ctx', name: token.text };
    take('(');
    const args: Node[] = [];
    while (peek()?.text !== ')') {
      args.push(binary(0));
      if (peek()?.text === ',') take(',');
    }
    take(')');
    return { type: 'call', name: token.text.toLowerCase(), args };
  };
  const tree = binary(0);
  if (at !== tokens.length) throw new Error(`Unexpected "${peek().text}" in expression: ${source}`);
  return tree;
}

const toNumber = (v: Value): number =>
  v === null || v === undefined
    ? 0
    : typeof v === 'boolean'
      ? Number(v)
      : typeof v === 'number'
        ? v
        : typeof v === 'string'
          ? v.trim() === ''
            ? 0
            : Number(v)
          : NaN;

/** GitHub's loose equality: strings ignore case; otherwise both as numbers (objects: identity). */
function equal(a: Value, b: Value): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  if ((a ?? null) === null && (b ?? null) === null) return true;
  if (typeof a === 'object' || typeof b === 'object') return a === b;
  return toNumber(a) === toNumber(b);
}

/** How a value reads inside a string (`format`, `${{ }}` in text). */
export const asText = (v: Value): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

type Functions = Record<string, (...args: Value[]) => Value>;

const FUNCTIONS: Functions = {
  contains: (haystack, needle) =>
    Array.isArray(haystack)
      ? haystack.some((item) => equal(item, needle))
      : asText(haystack).toLowerCase().includes(asText(needle).toLowerCase()),
  startswith: (s, p) => asText(s).toLowerCase().startsWith(asText(p).toLowerCase()),
  endswith: (s, p) => asText(s).toLowerCase().endsWith(asText(p).toLowerCase()),
  format: (template, ...args) =>
    asText(template).replace(/\{(\d+)\}/g, (_, n) => asText(args[Number(n)])),
  tojson: (v) => JSON.stringify(v ?? null, null, 2),
  fromjson: (v) => JSON.parse(asText(v)),
  join: (v, sep = ',') => (Array.isArray(v) ? v.map(asText).join(asText(sep)) : asText(v)),
};

/**
 * Evaluates a tree in `context`; `status` gives the status functions (`success()`, `always()`, …).
 * A missing property is null, as on GitHub.
 */
export function evaluate(node: Node, context: Context, status: Functions = {}): Value {
  const ev = (n: Node) => evaluate(n, context, status);
  switch (node.type) {
    case 'lit':
      return node.value;
    case 'ctx':
      return context[node.name] ?? null;
    case 'get': {
      const object = ev(node.object);
      const key = asText(ev(node.key));
      if (object === null || typeof object !== 'object') return null;
      const found = Object.keys(object).find((k) => k.toLowerCase() === key.toLowerCase());
      return found === undefined ? null : ((object as Record<string, Value>)[found] ?? null);
    }
    case 'call': {
      const fn = status[node.name] ?? FUNCTIONS[node.name];
      if (!fn) throw new Error(`Unknown function ${node.name}()`);
      return fn(...node.args.map(ev));
    }
    case 'not':
      return !ev(node.operand);
    case 'bin': {
      const left = ev(node.left);
      if (node.op === '&&') return left ? ev(node.right) : left;
      if (node.op === '||') return left ? left : ev(node.right);
      const right = ev(node.right);
      if (node.op === '==') return equal(left, right);
      if (node.op === '!=') return !equal(left, right);
      const [a, b] = [toNumber(left), toNumber(right)];
      return { '<': a < b, '<=': a <= b, '>': a > b, '>=': a >= b }[node.op];
    }
  }
}

/** The expression of an `if:` (with or without its `${{ }}`). */
export const ifExpression = (condition: string) =>
  condition.trim().replace(/^\$\{\{([\s\S]*)\}\}$/, '$1');

/** True when a tree calls a status function: without one, GitHub adds `success() &&`. */
export const usesStatus = (node: Node): boolean =>
  node.type === 'call'
    ? ['success', 'failure', 'always', 'cancelled'].includes(node.name) ||
      node.args.some(usesStatus)
    : node.type === 'not'
      ? usesStatus(node.operand)
      : node.type === 'bin'
        ? usesStatus(node.left) || usesStatus(node.right)
        : node.type === 'get'
          ? usesStatus(node.object) || usesStatus(node.key)
          : false;

/** A string with `${{ … }}` parts, evaluated as a value (`env:` entries, step inputs). */
export function interpolate(text: string, context: Context): string {
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expr) => asText(evaluate(parse(expr), context)));
}
