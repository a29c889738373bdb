/**
 * Marks a string as a message of the catalogues without translating it: for texts defined where no
 * language is known yet (module constants, the worker's messages), translated where they are shown
 * (`t(text)` or `translateMessage`). The English text is the message's id. Worker-safe: no runtime.
 */
export function msg(text: string): string {
  return text;
}

/**
 * The English text of a message with `{name}` placeholders (no plurals): what a message defined with
 * `msg` reads in English before it is translated where shown.
 */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
