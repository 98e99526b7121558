import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Router from '@koa/router';
import knexFactory from 'knex';
import ts from 'typescript';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { createLogger } from '../core/logger';

/**
 * Every route of the API as the app really mounts it: the app is built (no database connection is
 * made), each router's stack is walked for its methods and full paths, and each route's registration
 * call is found in its source file (the call site is recorded while the routers are built) to read
 * its guards, the schema its input is parsed with, the shared policies its handler asks and the
 * doc comment above it. docs/api.md is rendered from this (api-docs.ts).
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface RouteDoc {
  method: string;
  path: string;
  /** Repository-relative source file of the registration call. */
  file: string;
  /** The middleware before the handler, as written (`auth()`, `authorize('tag:list')`, ...). */
  guards: string[];
  /** Schemas the handler validates its input with (`parse(schema, ...)`). */
  inputs: string[];
  /** Shared policy functions (`@shared/policies`) and board access helpers the handler calls. */
  checks: string[];
  /** First sentence of the doc comment above the registration, if any. */
  summary: string;
}

interface CallSite {
  file: string;
  line: number;
  column: number;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'del', 'all']);
const FRAME = /\(?((?:file:\/\/)?\/[^()\s]+?\.ts):(\d+):(\d+)\)?$/;

/** The first stack frame in the API's own source: where `router.<method>(...)` was called. */
function callSite(stack: string): CallSite | undefined {
  for (const line of stack.split('\n').slice(1)) {
    const m = FRAME.exec(line.trim());
    if (!m || m[1]!.includes('/node_modules/') || m[1]!.includes('/api/src/tools/')) continue;
    const file = m[1]!.startsWith('file://') ? fileURLToPath(m[1]!) : m[1]!;
    return { file, line: Number(m[2]), column: Number(m[3]) };
  }
  return undefined;
}

type Layer = ReturnType<Router['register']>;

/** Builds the app with the router's register() wrapped to remember each layer's call site. */
function buildApp(): { routers: Router[]; sites: WeakMap<Layer, CallSite> } {
  const sites = new WeakMap<Layer, CallSite>();
  // Restored below and only ever called with the router as `this` (original.apply).
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const original = Router.prototype.register;
  Router.prototype.register = function (this: Router, ...args: Parameters<Router['register']>) {
    const layer = original.apply(this, args);
    const site = callSite(new Error().stack ?? '');
    if (site) sites.set(layer, site);
    return layer;
  } as Router['register'];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-docs-'));
  try {
    // A fixed configuration (never the caller's environment), so the table is the same everywhere;
    // development mode mounts the test-only endpoints too (their guard says so).
    const config = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'api-docs-api-docs-api-docs-api-docs-0000',
      PUBLIC_URL: 'http://localhost:4000',
    });
    const knex = knexFactory({ client: 'pg' });
    const app = createApp({ config, knex, log: createLogger('silent') });
    const routers = app.middleware
      .map((fn) => (fn as { router?: Router }).router)
      .filter((r): r is Router => r !== undefined);
    void knex.destroy();
    return { routers, sites };
  } finally {
    Router.prototype.register = original;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const sources = new Map<string, ts.SourceFile>();
function sourceFile(file: string): ts.SourceFile {
  let sf = sources.get(file);
  if (!sf) {
    sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
    sources.set(file, sf);
  }
  return sf;
}

/** The `router.<method>(...)` call whose method name starts at the recorded line and column. */
function findCall(sf: ts.SourceFile, site: CallSite): ts.CallExpression | undefined {
  let found: ts.CallExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      METHODS.has(node.expression.name.text)
    ) {
      const at = sf.getLineAndCharacterOfPosition(node.expression.name.getStart(sf));
      if (at.line + 1 === site.line && at.character + 1 === site.column) {
        found = node;
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Local names imported from modules whose specifier matches `from`. */
function importedFrom(sf: ts.SourceFile, from: RegExp): Set<string> {
  const names = new Set<string>();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    if (!from.test(st.moduleSpecifier.text)) continue;
    const bindings = st.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) names.add(el.name.text);
  }
  return names;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Functions declared in the file (so a handler's helper is read as part of the handler). */
function localFunctions(sf: ts.SourceFile): Map<string, ts.Node> {
  const found = new Map<string, ts.Node>();
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) && node.name && node.body) found.set(node.name.text, node.body);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      if (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer)) {
        found.set(node.name.text, node.initializer.body);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/**
 * Input schemas and policy checks called in the handler's body, or in a function of the same file it
 * calls: `parse(schema, ...)`, `assertCan(ctx, action)`, any function imported from
 * `@shared/policies`, and the resolve/find/assert helpers of an area's `access` module.
 */
function handlerFacts(sf: ts.SourceFile, handler: ts.Node): { inputs: string[]; checks: string[] } {
  const policies = importedFrom(sf, /^@shared\/policies(\/|$)/);
  const access = [...importedFrom(sf, /\/access$/)].filter((n) => /^(resolve|find|assert)/.test(n));
  const locals = localFunctions(sf);
  const seen = new Set<ts.Node>();
  const inputs: string[] = [];
  const checks: string[] = [];
  const add = (list: string[], value: string) => {
    if (!list.includes(value)) list.push(value);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const name = node.expression.text;
      const [first, second] = node.arguments;
      const local = locals.get(name);
      if (name === 'parse' && first) add(inputs, oneLine(first.getText(sf)));
      else if (name === 'assertCan' && second) add(checks, `assertCan(${oneLine(second.getText(sf))})`);
      else if (policies.has(name) || access.includes(name)) add(checks, name);
      else if (local && !seen.has(local)) {
        seen.add(local);
        visit(local);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(handler);
  return { inputs, checks };
}

/** The first sentence of the `/** ... *\/` comment right above the statement holding the call. */
function summaryOf(sf: ts.SourceFile, call: ts.CallExpression): string {
  let statement: ts.Node = call;
  while (statement.parent && !ts.isExpressionStatement(statement)) statement = statement.parent;
  const ranges = ts.getLeadingCommentRanges(sf.text, statement.getFullStart()) ?? [];
  const doc = ranges.filter((r) => sf.text.startsWith('/**', r.pos)).pop();
  if (!doc) return '';
  const text = oneLine(
    sf.text
      .slice(doc.pos + 3, doc.end - 2)
      .split('\n')
      .map((l) => l.replace(/^\s*\*\s?/, ''))
      .join(' '),
  );
  // References to the product documents are for the code's readers; the reference links the area's page.
  const plain = text.replace(/\s*\((?:SPEC|SECURITY|FORMULAS|ARCHITECTURE|docs\/)[^)]*\)/g, '');
  const end = plain.search(/\.(\s|$)/);
  return end === -1 ? plain : plain.slice(0, end + 1);
}

/** A policy as the reference shows it: its actions, then the loaders it is built with. */
function policySummary(policy: ts.Expression, sf: ts.SourceFile): string {
  if (ts.isStringLiteral(policy) || ts.isIdentifier(policy)) return oneLine(policy.getText(sf));
  const actions: string[] = [];
  const loaders: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) && /^[a-zA-Z]+:[a-z-]+$/.test(node.text) && !actions.includes(`'${node.text}'`)) {
      actions.push(`'${node.text}'`);
    }
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      /Policy$|^byInput$/.test(node.expression.text)
    ) {
      if (!loaders.includes(node.expression.text)) loaders.push(node.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(policy);
  return [...actions, ...loaders].join(', ');
}

/**
 * A route declared with the chain, `router.<method>(path, ...endpoint(options, handler))`: its
 * guards are read from the options (`auth`, `authorize`, `transaction`) and its input schema from
 * `input`. Undefined for a route written the other way.
 */
function endpointCall(
  call: ts.CallExpression,
): { handler: ts.Node; guards: (sf: ts.SourceFile) => string[]; inputs: (sf: ts.SourceFile) => string[] } | undefined {
  const [, spread] = call.arguments;
  if (call.arguments.length !== 2 || !spread || !ts.isSpreadElement(spread)) return undefined;
  const inner = spread.expression;
  if (!ts.isCallExpression(inner) || !ts.isIdentifier(inner.expression) || inner.expression.text !== 'endpoint') {
    return undefined;
  }
  const [options, handler] = inner.arguments;
  if (!options || !handler || !ts.isObjectLiteralExpression(options)) return undefined;
  const prop = (name: string) =>
    options.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === name)
      ?.initializer;
  return {
    handler,
    guards: (sf) => {
      const out: string[] = [];
      const auth = prop('auth');
      if (!auth) out.push('auth()');
      else if (auth.kind !== ts.SyntaxKind.FalseKeyword) out.push(`auth(${oneLine(auth.getText(sf))})`);
      const policy = prop('authorize');
      if (policy) out.push(`authorize(${policySummary(policy, sf)})`);
      const tx = prop('transaction');
      if (tx && tx.kind !== ts.SyntaxKind.FalseKeyword) {
        out.push(tx.kind === ts.SyntaxKind.TrueKeyword ? 'transaction()' : `transaction(${oneLine(tx.getText(sf))})`);
      }
      return out;
    },
    inputs: (sf) => {
      const input = prop('input');
      const from = prop('from');
      if (!input) return [];
      return [from ? `${oneLine(input.getText(sf))} (${oneLine(from.getText(sf))})` : oneLine(input.getText(sf))];
    },
  };
}

export function collectRoutes(): RouteDoc[] {
  const { routers, sites } = buildApp();
  const routes: RouteDoc[] = [];
  for (const router of routers) {
    for (const layer of router.stack) {
      const methods = layer.methods.filter((m) => m !== 'HEAD' || !layer.methods.includes('GET'));
      if (methods.length === 0) continue;
      const site = sites.get(layer);
      if (!site) throw new Error(`No source found for ${methods.join(',')} ${layer.path}`);
      const sf = sourceFile(site.file);
      const call = findCall(sf, site);
      if (!call) throw new Error(`No router call at ${site.file}:${site.line}:${site.column}`);
      const chain = endpointCall(call);
      const args = call.arguments.slice(1);
      const handler = chain ? chain.handler : args[args.length - 1]!;
      const facts = handlerFacts(sf, handler);
      for (const method of methods) {
        routes.push({
          method,
          path: String(layer.path),
          file: path.relative(ROOT, site.file).split(path.sep).join('/'),
          guards: chain ? chain.guards(sf) : args.slice(0, -1).map((a) => oneLine(a.getText(sf))),
          inputs: chain ? [...chain.inputs(sf), ...facts.inputs] : facts.inputs,
          checks: facts.checks,
          summary: summaryOf(sf, call),
        });
      }
    }
  }
  return routes;
}
