import de from '../../../generated/i18n/de.json' with { type: 'json' };

const texts = (de as { enums?: { processingCode?: Record<string, string> } }).enums?.processingCode ?? {};

/**
 * The German text of a processing code from the generated catalogue
 * (`enums.processingCode.<code>`, source `schema/enums/processingCode.yaml`).
 *
 * @example
 * processingCodeMessage(925) // 'Datei oder Format fehlerhaft'
 */
export function processingCodeMessage(code: number): string {
  return texts[String(code)] ?? `Verarbeitungscode ${code}`;
}
