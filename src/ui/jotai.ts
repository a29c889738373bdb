// The one place the editor reaches jotai (an ESLint rule keeps it so): a later change of state library,
// or of how atoms are wired, stays in this file.
import type { createStore } from 'jotai';

export { atom, createStore, Provider, useAtomValue, useSetAtom, useStore } from 'jotai';
export { selectAtom } from 'jotai/utils';
export type { PrimitiveAtom, WritableAtom } from 'jotai';
export type Store = ReturnType<typeof createStore>;
