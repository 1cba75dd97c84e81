import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The verbs, read from the source: every exported value of functions/services/<feature>/*.ts
 * (files directly in a feature's folder; internal/ and other subfolders hold helpers). Types may
 * be exported too; any other exported value is listed as a non-function so the test can refuse it.
 */
export interface VerbSource {
  /** `<feature>/<file>#<export>`, e.g. `films/create#createFilm`. */
  key: string;
  file: string;
  name: string;
  kind: 'function' | 'other';
  /** The first statement of the body, as written. */
  firstStatement: string | null;
  /** The second statement (a verb that takes input checks it there, after authorizing). */
  secondStatement: string | null;
  /** The rule named by `authorize(<param>, '<rule>')` when the first statement is that call. */
  rule: string | null;
  params: string[];
  /** The whole body, as written. */
  body: string;
}

const ROOT = join(import.meta.dirname, '../..');
export const SERVICES = join(ROOT, 'functions/services');

export function verbFiles(): string[] {
  const out: string[] = [];
  for (const feature of readdirSync(SERVICES)) {
    const dir = join(SERVICES, feature);
    if (!statSync(dir).isDirectory()) continue;
    for (const f of readdirSync(dir))
      if (f.endsWith('.ts') && f !== 'index.ts' && statSync(join(dir, f)).isFile()) out.push(join(dir, f));
  }
  return out.sort();
}

const isExported = (n: ts.Node) =>
  ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The rule of `authorize(actor, 'rule')` (alone, or bound: `const v = authorize(...)`), else null. */
function authorizeRule(statement: ts.Statement | undefined, params: string[]): string | null {
  if (!statement) return null;
  let call: ts.Expression | undefined;
  if (ts.isExpressionStatement(statement)) call = statement.expression;
  else if (ts.isVariableStatement(statement) && statement.declarationList.declarations.length === 1)
    call = statement.declarationList.declarations[0]?.initializer;
  if (!call || !ts.isCallExpression(call)) return null;
  if (!ts.isIdentifier(call.expression) || call.expression.text !== 'authorize') return null;
  const [actor, rule] = call.arguments;
  if (!actor || !ts.isIdentifier(actor) || !params.includes(actor.text)) return null;
  return rule && ts.isStringLiteral(rule) ? rule.text : null;
}

function paramNames(params: ts.NodeArray<ts.ParameterDeclaration>): string[] {
  return params.map((p) => (ts.isIdentifier(p.name) ? p.name.text : '')).filter(Boolean);
}

export function readVerbs(): VerbSource[] {
  const verbs: VerbSource[] = [];
  for (const file of verbFiles()) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const rel = relative(SERVICES, file).replace(/\.ts$/, '');
    const add = (name: string, fn: ts.FunctionLikeDeclaration | null) => {
      const body = fn?.body && ts.isBlock(fn.body) ? fn.body : null;
      const params = fn ? paramNames(fn.parameters) : [];
      const first = body?.statements[0];
      verbs.push({
        key: `${rel}#${name}`,
        file: relative(ROOT, file),
        name,
        kind: fn ? 'function' : 'other',
        firstStatement: first ? first.getText(source) : null,
        secondStatement: body?.statements[1]?.getText(source) ?? null,
        rule: authorizeRule(first, params),
        params,
        body: body?.getText(source) ?? '',
      });
    };
    for (const node of source.statements) {
      if (!isExported(node)) {
        // `export { x }` / `export * from`: only type re-exports are allowed in a verb file.
        if (ts.isExportDeclaration(node) && !node.isTypeOnly) add(node.getText(source), null);
        continue;
      }
      if (ts.isFunctionDeclaration(node) && node.name) add(node.name.text, node);
      else if (ts.isVariableStatement(node))
        for (const d of node.declarationList.declarations) {
          const init = d.initializer;
          const fn = init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) ? init : null;
          add(d.name.getText(source), fn);
        }
      else if (ts.isClassDeclaration(node) || ts.isEnumDeclaration(node)) add(node.name?.text ?? '(anonymous)', null);
    }
  }
  return verbs;
}
