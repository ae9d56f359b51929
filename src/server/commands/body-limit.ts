/**
 * How many bytes a JSON body of a form can take at most: every field at its longest, each character
 * written as a `\uXXXX` escape (6 bytes), plus names, quotes and separators, plus 1 KiB of slack.
 * A field without a maximum length (a date, an e-mail, a choice) counts as 320 characters, a
 * number or checkbox as 32. The public commands take no body beyond it (Fastify answers 413, the
 * error handler `payloadTooLarge` with its German text) — a visitor without a login cannot make
 * the server parse megabytes to refuse them afterwards.
 *
 * @example formBodyLimit({ type: 'object', properties: { note: { type: 'string', maxLength: 10 } } }) // → 1024 + 4 + 8 + 60 + 2
 */
export function formBodyLimit(schema: Record<string, unknown>): number {
  const properties = (schema.properties ?? {}) as Record<string, { type?: unknown; maxLength?: unknown }>;
  let bytes = SLACK;
  for (const [name, property] of Object.entries(properties)) {
    bytes += name.length + SEPARATORS;
    if (property.type === 'string') {
      const length = typeof property.maxLength === 'number' ? property.maxLength : UNBOUNDED_TEXT;
      bytes += length * ESCAPED_CHARACTER + 2;
    } else {
      bytes += SCALAR;
    }
  }
  return bytes;
}

const SLACK = 1024;
/** two quotes around the name, the colon and the comma */
const SEPARATORS = 4;
/** `\uXXXX` */
const ESCAPED_CHARACTER = 6;
const UNBOUNDED_TEXT = 320;
const SCALAR = 32;
