import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The shape every route file keeps (issue 11): routes are declared with the chain,
 * `router.<method>(path, ...endpoint(options, handler))`, and a route file holds no SQL: it never
 * calls `knex`/`trx` (nor reads a property of them) and never calls `.raw(`. Handing `ctx.trx` or
 * `ctx.deps.knex` to a service is how it reaches the database.
 */

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'del', 'all']);
const DB_NAMES = new Set(['knex', 'trx']);

export interface ShapeProblem {
  file: string;
  line: number;
  problem: string;
}

const nameOf = (node: ts.Expression): string | undefined => {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  return undefined;
};

function isRouterCall(node: ts.Node): node is ts.CallExpression {
  return (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    METHODS.has(node.expression.name.text) &&
    ts.isIdentifier(node.expression.expression) &&
    node.expression.expression.text === 'router'
  );
}

function isChain(call: ts.CallExpression): boolean {
  const [first, second] = call.arguments;
  if (call.arguments.length !== 2 || !first || !second || !ts.isSpreadElement(second)) return false;
  const inner = second.expression;
  return ts.isCallExpression(inner) && ts.isIdentifier(inner.expression) && inner.expression.text === 'endpoint';
}

/** The problems of one source text; `[]` when it is not a route file or keeps the shape. */
export function routeShapeProblems(file: string, text: string): ShapeProblem[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const problems: ShapeProblem[] = [];
  let routes = 0;
  const report = (node: ts.Node, problem: string) =>
    problems.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, problem });
  const visit = (node: ts.Node): void => {
    if (isRouterCall(node)) {
      routes += 1;
      if (!isChain(node)) report(node, 'route declared outside the chain (use ...endpoint(options, handler))');
    }
    if (ts.isCallExpression(node)) {
      const callee = nameOf(node.expression);
      if (callee && DB_NAMES.has(callee)) report(node, `SQL in a route file: ${callee}(...)`);
      if (callee === 'raw') report(node, 'SQL in a route file: .raw(...)');
    }
    if (ts.isPropertyAccessExpression(node)) {
      const owner = nameOf(node.expression);
      if (owner && DB_NAMES.has(owner) && node.name.text !== 'raw') {
        report(node, `SQL in a route file: ${owner}.${node.name.text}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return routes === 0 ? [] : problems;
}

/** Every route file of the API's features (a file that declares a route), relative to `root`. */
export function routeFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        if (/\brouter\.(get|post|put|patch|delete|del|all)\(/.test(fs.readFileSync(full, 'utf8'))) {
          out.push(path.relative(root, full).split(path.sep).join('/'));
        }
      }
    }
  };
  walk(path.join(root, 'api/src/features'));
  return out.sort();
}
