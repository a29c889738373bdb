// A comment in src says what the code does and why, in the code's and the platform's terms; the history
// (which issue asked for it) belongs to commit messages, where it does not go stale. This holds every
// comment under src to it: TypeScript's own comments found by its parser (so a string such as a URL is
// never taken for one), the shaders' line and block comments, CSS's block comments.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

/** A comment's text and the 1-based line it starts on. */
interface Comment {
  text: string;
  line: number;
}

/** Words that name an issue: 'issue 37', 'Issues #8', '(issue: frames)'. */
const ISSUE = /\bissues?\s*#?\s*\d+|\(issues?\b/i;

/** The 1-based line of an offset in `text`, by a binary search of where its lines start. */
function lineFinder(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
}

const LITERALS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.JsxText,
]);

/**
 * Every comment of a TypeScript file: its parser finds the strings, templates, regular expressions and
 * JSX text, and outside them a `//` or a `/*` starts a comment.
 */
function typeScriptComments(text: string, fileName: string): Comment[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const literals: [number, number][] = [];
  const visit = (node: ts.Node) => {
    if (LITERALS.has(node.kind)) literals.push([node.getStart(source), node.end]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  literals.sort((a, b) => a[0] - b[0]);
  const lineAt = lineFinder(text);
  const comments: Comment[] = [];
  let next = 0;
  for (let at = 0; at < text.length;) {
    while (next < literals.length && literals[next]![1] <= at) next++;
    const literal = literals[next];
    if (literal && literal[0] <= at) {
      at = literal[1];
      continue;
    }
    const two = text.slice(at, at + 2);
    if (two === '//' || two === '/*') {
      const close = two === '//' ? text.indexOf('\n', at) : text.indexOf('*/', at + 2) + 2;
      const end = close < (two === '//' ? 0 : 2) ? text.length : close;
      comments.push({ text: text.slice(at, end), line: lineAt(at) });
      at = end;
      continue;
    }
    at++;
  }
  return comments;
}

/** The comments of a shader (line and block comments) or a style sheet (block comments only: `//` is in its URLs). */
function plainComments(text: string, css: boolean): Comment[] {
  const pattern = css ? /\/\*[\s\S]*?\*\//g : /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;
  const lineAt = lineFinder(text);
  return [...text.matchAll(pattern)].map((match) => ({
    text: match[0],
    line: lineAt(match.index),
  }));
}

function commentsOf(path: string): Comment[] {
  const text = readFileSync(path, 'utf8');
  // A file whose text names no issue has no comment that does: it need not be parsed.
  if (!ISSUE.test(text)) return [];
  if (/\.tsx?$/.test(path)) return typeScriptComments(text, path);
  return plainComments(text, path.endsWith('.css'));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(tsx?|wgsl|glsl|css)$/.test(entry.name) ? [path] : [];
  });
}

/** `file:line: comment` for each comment's line that names an issue. */
function issueReferences(path: string, comments: Comment[]): string[] {
  return comments.flatMap((comment) =>
    comment.text
      .split('\n')
      .flatMap((line, i) =>
        ISSUE.test(line) ? [`${relative(ROOT, path)}:${comment.line + i}: ${line.trim()}`] : [],
      ),
  );
}

describe('comments in src', () => {
  it('finds the comments of each kind of file, and only comments', () => {
    const tsx = [
      '/** Issue 7: the header. */',
      "const url = 'https://example.com/issue 9'; // trailing issue 8",
      'export const A = () => <div title="issue 10">{/* inside issue 11 */}issue 12</div>;',
      '/* last',
      ' * (issue: frames) */',
    ].join('\n');
    const found = issueReferences(join(SRC, 'a.tsx'), typeScriptComments(tsx, 'a.tsx'));
    expect(found).toEqual([
      'src/a.tsx:1: /** Issue 7: the header. */',
      'src/a.tsx:2: // trailing issue 8',
      'src/a.tsx:3: /* inside issue 11 */',
      'src/a.tsx:5: * (issue: frames) */',
    ]);
    const wgsl = '// issue 3\nlet a = 1; /* issues #4 */\n';
    expect(issueReferences(join(SRC, 'a.wgsl'), plainComments(wgsl, false))).toEqual([
      'src/a.wgsl:1: // issue 3',
      'src/a.wgsl:2: /* issues #4 */',
    ]);
    const css = "a { background: url('//x/issue 5'); } /* issue 6 */";
    expect(issueReferences(join(SRC, 'a.css'), plainComments(css, true))).toEqual([
      'src/a.css:1: /* issue 6 */',
    ]);
    // Words that only look alike are not issues.
    expect(ISSUE.test('orientation issues may occur')).toBe(false);
  });

  it('name no issue: the history is in the commit messages', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((path) => issueReferences(path, commentsOf(path)));
    expect(found, found.join('\n')).toEqual([]);
  });
});
