// The compiled catalogues (`vite-i18n-plugin.ts`): `virtual:catalogue/<locale>`.
declare module 'virtual:catalogue/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
