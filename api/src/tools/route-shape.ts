import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The shape every route file keeps (docs/architecture.md#one-request-top-to-bottom): routes are
 * declared with the chain, `<router>.<method>(path, ...endpoint(options, handler))`, and a route file
 * holds no SQL. Handing `ctx.trx` or `ctx.deps.knex` to a service is how it reaches the database; it
 * never touches the database itself, whatever it calls the connection:
 *
 * - no value import of the database (knex, Objection, pg, PGlite, `api/src/models`, `api/src/db`);
 *   type-only imports (a row type) are fine;
 * - no call of, or property read on, the connection: `ctx.trx`, `ctx.deps.knex`, any `.knex`/`.trx`
 *   property, and every name bound to one (`const db = ctx.trx`, `const { knex: k } = ctx.deps`, a
 *   parameter typed `Knex`);
 * - no `.raw(...)` and no `.query(...)` call (Objection's `Model.query()`, a pg client's query) on
 *   anything.
 */

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'del', 'all']);
/** Properties that hold a database connection (`ctx.trx`, `ctx.deps.knex`). */
const DB_PROPERTIES = new Set(['knex', 'trx']);
/** Calls that are SQL on whatever receiver: knex/pg `.raw`, Objection `Model.query()`, pg `client.query`. */
const SQL_CALLS = new Set(['raw', 'query']);
/** Modules a route file may import types from but never values: the database and the models. */
const DB_MODULES = /^(knex|knex-pglite|objection|pg|@electric-sql\/pglite)$|(^|\/)(models|db)(\/|$)/;

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

const isPathLiteral = (node: ts.Expression | undefined): boolean =>
  !!node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && node.text.startsWith('/');

const isEndpointSpread = (node: ts.Expression | undefined): boolean =>
  !!node &&
  ts.isSpreadElement(node) &&
  ts.isCallExpression(node.expression) &&
  ts.isIdentifier(node.expression.expression) &&
  node.expression.expression.text === 'endpoint';

/**
 * A route declaration, whatever the router is called: `<x>.get|post|...(...)` whose first argument is a
 * path ('/...'), or that spreads `endpoint(...)`, or whose receiver is named like a router.
 */
function isRouteCall(node: ts.Node): node is ts.CallExpression {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
  if (!METHODS.has(node.expression.name.text) || node.arguments.length < 2) return false;
  const receiver = nameOf(node.expression.expression);
  return (
    isPathLiteral(node.arguments[0]) ||
    node.arguments.some((a) => isEndpointSpread(a)) ||
    (receiver !== undefined && /router/i.test(receiver))
  );
}

function isChain(call: ts.CallExpression): boolean {
  const [first, second] = call.arguments;
  return call.arguments.length === 2 && !!first && isEndpointSpread(second);
}

const isTypeOnlyImport = (node: ts.ImportDeclaration): boolean => {
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return !!bindings && ts.isNamedImports(bindings) && bindings.elements.every((e) => e.isTypeOnly);
};

const isKnexType = (type: ts.TypeNode | undefined): boolean =>
  !!type && /^(Knex(\.Transaction)?|Transaction|QueryBuilder)\b/.test(type.getText());

/** The names a route file binds to a database connection (aliases of `ctx.trx`, `ctx.deps.knex` ...). */
function connectionNames(sf: ts.SourceFile): Set<string> {
  const names = new Set<string>(DB_PROPERTIES);
  const holdsConnection = (init: ts.Expression | undefined): boolean => {
    if (!init) return false;
    const inner = ts.isAsExpression(init) || ts.isParenthesizedExpression(init) ? init.expression : init;
    const name = nameOf(inner);
    return name !== undefined && names.has(name);
  };
  // Two passes, so that an alias of an alias is found too.
  for (let pass = 0; pass < 2; pass += 1) {
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) || ts.isParameter(node)) {
        if (ts.isIdentifier(node.name) && (holdsConnection(node.initializer) || isKnexType(node.type))) {
          names.add(node.name.text);
        }
        if (ts.isObjectBindingPattern(node.name)) {
          for (const el of node.name.elements) {
            const prop = el.propertyName && ts.isIdentifier(el.propertyName) ? el.propertyName.text : undefined;
            const local = ts.isIdentifier(el.name) ? el.name.text : undefined;
            if (local && DB_PROPERTIES.has(prop ?? local)) names.add(local);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return names;
}

/** The problems of one source text; `[]` when it is not a route file or keeps the shape. */
export function routeShapeProblems(file: string, text: string): ShapeProblem[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const problems: ShapeProblem[] = [];
  let routes = 0;
  const report = (node: ts.Node, problem: string) =>
    problems.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, problem });
  const connections = connectionNames(sf);
  const visit = (node: ts.Node): void => {
    if (isRouteCall(node)) {
      routes += 1;
      if (!isChain(node)) report(node, 'route declared outside the chain (use ...endpoint(options, handler))');
    }
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      if (DB_MODULES.test(from) && !isTypeOnlyImport(node)) report(node, `database import in a route file: '${from}'`);
    }
    if (ts.isCallExpression(node)) {
      const callee = nameOf(node.expression);
      if (callee && connections.has(callee)) report(node, `SQL in a route file: ${callee}(...)`);
      if (callee && SQL_CALLS.has(callee) && ts.isPropertyAccessExpression(node.expression)) {
        report(node, `SQL in a route file: .${callee}(...)`);
      }
    }
    if (ts.isPropertyAccessExpression(node)) {
      const owner = nameOf(node.expression);
      const calledAsSql = SQL_CALLS.has(node.name.text) && ts.isCallExpression(node.parent);
      if (owner && connections.has(owner) && !calledAsSql) {
        report(node, `SQL in a route file: ${owner}.${node.name.text}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return routes === 0 ? [] : problems;
}

/** Whether a source text declares a route (whatever its router is called). */
export function declaresRoutes(file: string, text: string): boolean {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (isRouteCall(node)) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Every route file of the API's features (a file that declares a route), relative to `root`. */
export function routeFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        if (declaresRoutes(full, fs.readFileSync(full, 'utf8'))) {
          out.push(path.relative(root, full).split(path.sep).join('/'));
        }
      }
    }
  };
  walk(path.join(root, 'api/src/features'));
  return out.sort();
}
