/**
 * Shader files arrive as a map from path (`/shaders/<stage>/<file>`) to source text, from each backend's
 * own `import.meta.glob`, so a backend bundles only its own language. Neither WGSL nor GLSL ES has an
 * include directive; `#include "relative/path"` lines are resolved here, once per file.
 */

const INCLUDE = /^[ \t]*#include\s+"([^"]+)"[ \t]*$/gm;

function resolvePath(fromFile: string, relative: string): string {
  const parts = fromFile.split('/').slice(0, -1);
  for (const part of relative.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

export class ShaderLibrary {
  private readonly resolved = new Map<string, string>();

  constructor(
    private readonly files: Readonly<Record<string, string>>,
    private readonly extension: string,
  ) {}

  /** The source of `shaders/<stage>/<stage>.<extension>`, includes resolved. */
  stageSource(stage: string): string {
    return this.source(this.stagePath(stage));
  }

  /** The stage's file as written, includes unresolved (what fusion composes). */
  stageRaw(stage: string): string {
    return this.raw(this.stagePath(stage));
  }

  stagePath(stage: string): string {
    return `/shaders/${stage}/${stage}.${this.extension}`;
  }

  source(path: string, including: readonly string[] = []): string {
    const cached = this.resolved.get(path);
    if (cached !== undefined) return cached;
    const text = this.raw(path);
    if (including.includes(path)) throw new Error(`Shader include cycle at ${path}`);
    const result = this.resolve(path, text, including);
    this.resolved.set(path, result);
    return result;
  }

  /** A file as written, includes unresolved. */
  raw(path: string): string {
    const text = this.files[path];
    if (text === undefined) throw new Error(`Shader file ${path} not found`);
    return text;
  }

  /** Resolves the includes of `text` (a generated shader) as if it were the file at `path`. */
  resolve(path: string, text: string, including: readonly string[] = []): string {
    return text.replace(INCLUDE, (_line, relative: string) =>
      this.source(resolvePath(path, relative), [...including, path]),
    );
  }
}
