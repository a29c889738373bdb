// The lint configuration's type, for the test that holds its fences (tests/unit/lint-fences.test.ts).
import type { Linter } from 'eslint';

declare const config: Linter.Config[];
export default config;
