export const LANDING_BUDGET_KB: number;

export interface ChunkSize {
  file: string;
  gzipBytes: number;
}

export interface RouteSize {
  path: string;
  /** Which variant of the route: the editor on each backend. */
  label?: string;
  chunks: ChunkSize[];
  gzipBytes: number;
  /** Labels of on-demand code found among the route's chunks. */
  misplaced: string[];
}

export interface OnDemandSize {
  label: string;
  chunks: ChunkSize[];
  gzipBytes: number;
  missing?: boolean;
}

export interface BuildSize {
  routes: RouteSize[];
  onDemand: OnDemandSize[];
  /** Worker entry chunks that another chunk imports (each must be imported by nothing). */
  importedWorkers?: { worker: string; importer: string }[];
}

export function htmlEntries(dist: string): string[];
export function measureBuild(dist?: string, root?: string): BuildSize;
export function budgetFailures(build: BuildSize): string[];
export function kb(bytes: number): string;
export function buildInto(dist: string): void;
