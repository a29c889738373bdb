// The one place the editor reaches jotai (an ESLint rule keeps it so): a later change of state library,
// or of how atoms are wired, stays in this file.
export { atom, createStore, Provider, useAtomValue, useSetAtom, useStore } from 'jotai';
export type { PrimitiveAtom, WritableAtom } from 'jotai';
