/** Reads a dotted path (`location.name`) from a record. */
export function getByPath(record: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, part) => (node == null ? undefined : (node as any)[part]), record);
}

/** Props every display widget receives. */
export interface ValueWidgetProps {
  value: unknown;
  /** enumeration name for enum values */
  enumName?: string;
  /** the whole record the value belongs to, for widgets whose label depends on a sibling field */
  record?: unknown;
}
