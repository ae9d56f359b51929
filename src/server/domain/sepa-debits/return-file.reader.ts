import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * The returned and rejected debits a bank's file names, by end-to-end id, with the ISO reason code:
 *
 * - **camt.054** (BankToCustomerDebitCreditNotification, any version): each `Ntry/NtryDtls/TxDtls`
 *   with a return (`RtrInf/Rsn/Cd`) — the German banks' debit notification of R-transactions
 *   (DFÜ agreement annex 3, "camt.054 für Rücklastschriften"); the end-to-end id is `Refs/EndToEndId`.
 * - **pain.002** (CustomerPaymentStatusReport, any version): each `OrgnlPmtInfAndSts/TxInfAndSts`
 *   with status RJCT, its `OrgnlEndToEndId` and `StsRsnInf/Rsn/Cd`; a whole payment-information
 *   block rejected (`PmtInfSts` RJCT without transactions) names no debit and is left out.
 *
 * Namespaces are ignored (prefixes removed), so every message version is read alike. A document
 * that is neither is `undefined` (the command answers 400).
 */
export interface ReturnedDebit {
  endToEndId: string;
  code: string;
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  processEntities: false,
  isArray: (name) => ['Ntry', 'NtryDtls', 'TxDtls', 'Ntfctn', 'OrgnlPmtInfAndSts', 'TxInfAndSts', 'StsRsnInf'].includes(name),
});

type Node = Record<string, any>;
const list = (value: unknown): Node[] => (Array.isArray(value) ? value : value == null ? [] : [value]);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * @example readReturnFile(camt054Xml) // → [{ endToEndId: 'K1-…-0001', code: 'AM04' }]
 */
export function readReturnFile(xml: string): ReturnedDebit[] | undefined {
  if (XMLValidator.validate(xml) !== true) return undefined;
  const document = (parser.parse(xml) as Node).Document as Node | undefined;
  if (!document) return undefined;
  const camt = document.BkToCstmrDbtCdtNtfctn as Node | undefined;
  if (camt) {
    return list(camt.Ntfctn)
      .flatMap((n) => list(n.Ntry))
      .flatMap((entry) => list(entry.NtryDtls))
      .flatMap((details) => list(details.TxDtls))
      .map((tx) => ({ endToEndId: text(tx.Refs?.EndToEndId), code: text(tx.RtrInf?.Rsn?.Cd) }))
      .filter((r) => r.endToEndId && r.code);
  }
  const pain = document.CstmrPmtStsRpt as Node | undefined;
  if (pain) {
    return list(pain.OrgnlPmtInfAndSts)
      .flatMap((block) => list(block.TxInfAndSts))
      .filter((tx) => text(tx.TxSts) === 'RJCT')
      .map((tx) => ({ endToEndId: text(tx.OrgnlEndToEndId), code: text(list(tx.StsRsnInf)[0]?.Rsn?.Cd) || 'MS03' }))
      .filter((r) => r.endToEndId);
  }
  return undefined;
}
