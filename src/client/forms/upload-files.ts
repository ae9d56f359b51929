import { formatFileSize } from '../../shared/format';
import {
  checkFileCount,
  checkUploadFile,
  FILE_HEAD_BYTES,
  type FileKind,
  parseDataUrl,
} from '../../shared/validation/file.rules';
import type { ValidationMessage } from '../../shared/validation/rule.types';

/** The rules a files field's schema carries (`items.fileTypes`, `items.fileMaxBytes`, `fileCountMax`). */
export interface FileFieldRules {
  accept?: FileKind[];
  maxBytes?: number;
  maxCount?: number;
}

export function fileFieldRules(schema: Record<string, any>): FileFieldRules {
  const items = (schema.items ?? {}) as Record<string, any>;
  return { accept: items.fileTypes, maxBytes: items.fileMaxBytes, maxCount: schema.fileCountMax };
}

/** The picker's `accept` attribute: `.pdf,.xml`. */
export const acceptAttribute = (rules: FileFieldRules): string | undefined =>
  rules.accept?.map((kind) => `.${kind}`).join(',');

/** A picked file as the data URL rjsf's file fields hold: `data:application/pdf;name=r.pdf;base64,…`. */
export async function readAsDataUrl(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // in slices: spreading megabytes into one call would overflow the stack
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  const type = file.type || 'application/octet-stream';
  return `data:${type};name=${encodeURIComponent(file.name)};base64,${btoa(binary)}`;
}

/**
 * Checks picked files before anything is uploaded: each one for emptiness, size and type (by name
 * or MIME type and by content), then the count. Returns the data URLs to add and the first problem.
 */
export async function acceptFiles(
  files: File[],
  already: number,
  rules: FileFieldRules,
): Promise<{ added: string[]; problem: ValidationMessage | null }> {
  const added: string[] = [];
  let problem: ValidationMessage | null = null;
  for (const file of files) {
    const head = new Uint8Array(await file.slice(0, FILE_HEAD_BYTES).arrayBuffer());
    const refused = checkUploadFile(
      { name: file.name, type: file.type, size: file.size, head },
      { accept: rules.accept, maxBytes: rules.maxBytes },
    );
    const tooMany = refused
      ? null
      : checkFileCount(already + added.length + 1, { min: 0, max: rules.maxCount });
    if (refused || tooMany) {
      problem ??= refused ?? tooMany;
      continue;
    }
    added.push(await readAsDataUrl(file));
  }
  return { added, problem };
}

/** Name and size of a held file, for the list under the picker. */
export function describeDataUrl(value: string): { name: string; size: string } {
  const file = parseDataUrl(value);
  const size = formatFileSize(file?.size ?? 0);
  return { name: file?.name || '–', size };
}
