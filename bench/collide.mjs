// Gives locals of the largest third-party statement of a minified bundle the
// names the tool looks up by binding (the execution class's and the buffer
// class's), as a minifier does by luck on a real release: docs/PERFORMANCE.md.
//
// A function's parameter is renamed, with every identifier of that name in
// the function, only where the new name occurs nowhere in the function and no
// shorthand property, `arguments`, `eval` or `with` is in it, so the code
// means what it meant. TypeScript's parser (a bench dependency) finds them;
// the bytes change only at the renamed identifiers.
import ts from "typescript";

/// The binding of the class whose members include `method`.
function classNamed(sf, method) {
  let found = null;
  const visit = (node) => {
    if (found) return;
    if ((ts.isClassDeclaration(node) || ts.isClassExpression(node)) && node.members.some((m) => m.name?.getText(sf) === method)) {
      if (node.name) found = node.name.text;
      else if (ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name)) found = node.parent.name.text;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (!found) throw new Error(`no class with a member ${method}`);
  return found;
}

/// Whether `id` is a binding or a reference (not a property name or key).
function isName(id) {
  const p = id.parent;
  if ((ts.isPropertyAccessExpression(p) || ts.isPropertyAccessChain?.(p)) && p.name === id) return false;
  if ((ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p)) && p.name === id) return false;
  if (ts.isBindingElement(p) && p.propertyName === id) return false;
  return true;
}

/// Renames parameters in functions of the largest top-level statement; returns the new code and how many.
export function collide(code, { every = 25, limit = 240 } = {}) {
  const sf = ts.createSourceFile("bundle.js", code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const names = [classNamed(sf, "setSteeringReaderIndex"), classNamed(sf, "snapshot")];
  const largest = sf.statements.reduce((a, b) => (b.end - b.pos > a.end - a.pos ? b : a));
  const edits = [];
  let seen = 0;
  const visit = (node) => {
    if (edits.length >= limit * 2) return;
    if (ts.isFunctionLike(node) && node.body && node.parameters.length > 0 && ts.isIdentifier(node.parameters[0].name)) {
      seen += 1;
      if (seen % every === 0) {
        const to = names[(seen / every) % names.length];
        const from = node.parameters[0].name.text;
        const ids = [];
        let clean = true;
        const walk = (n) => {
          if (ts.isShorthandPropertyAssignment(n) || ts.isWithStatement(n)) clean = false;
          if (ts.isBindingElement(n) && !n.propertyName && ts.isIdentifier(n.name) && n.parent && ts.isObjectBindingPattern(n.parent)) {
            if (n.name.text === from) clean = false;
          }
          if (ts.isIdentifier(n)) {
            if (n.text === to || n.text === "arguments" || n.text === "eval") clean = false;
            if (n.text === from && isName(n)) ids.push(n);
          }
          ts.forEachChild(n, walk);
        };
        walk(node);
        if (clean && from !== to) for (const id of ids) edits.push([id.getStart(sf), id.end, to]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(largest);
  edits.sort((a, b) => b[0] - a[0]);
  let out = code;
  for (const [start, end, to] of edits) out = out.slice(0, start) + to + out.slice(end);
  return { code: out, names, renamed: edits.length };
}
