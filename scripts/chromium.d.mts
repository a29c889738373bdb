export function findChromium(): string | null;
export function ensureChromium(): string;
export function chromiumArgs(): string[];
