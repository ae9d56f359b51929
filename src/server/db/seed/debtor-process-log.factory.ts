import type { NewDebtor } from '../schema';
import { add, type CreditorContext } from './seed-context';

const HOUR_MS = 3_600_000;
const laterBy = (at: string, hours: number) =>
  new Date(new Date(at).getTime() + hours * HOUR_MS).toISOString();
const euro = (cents: number) =>
  (cents / 100).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The process log of debtors (GET /debtor/{id}/process-log/list, admin view): the ident check at
 * the credit agency, its answer and the transfer to the booking system. Drawn without the faker,
 * so the rest of the demo data stays exactly as it was; the large set logs every n-th debtor only.
 *
 * @example addDebtorProcessLog(ctx, debtors);
 */
export function addDebtorProcessLog(ctx: CreditorContext, debtors: NewDebtor[]): void {
  const every = Math.max(1, Math.round(1 / (ctx.profile.logShare * 2.5)));
  debtors.forEach((debtor, index) => {
    if (index % every !== 0 || debtor.id == null) return;
    const checked = debtor.limitUpdateDate;
    const start = checked instanceof Date ? checked.toISOString() : (checked ?? `${ctx.today}T09:00:00Z`);
    const limit = debtor.approvedLimit ?? 0;
    const lines: [string, string, Record<string, unknown>][] = [
      [
        'csp',
        'Identitätsprüfung bei der Auskunftei angefragt',
        { name: debtor.name, zip: debtor.zip ?? null },
      ],
      [
        'csp',
        limit > 0
          ? `Kunde identifiziert; Limit ${euro(limit)} € genehmigt`
          : 'Kunde identifiziert; kein Limit genehmigt',
        { approvedLimit: limit, solvencyColor: debtor.solvencyColor ?? null },
      ],
      ['sap', 'Kundenstamm an das Buchungssystem übermittelt', { sapNumber: debtor.sapNumber ?? null }],
    ];
    lines.forEach(([channel, message, context], step) => {
      const at = laterBy(start, step);
      add(ctx.sink, 'logItem', {
        creditorId: ctx.creditorId,
        debtorId: debtor.id,
        channel,
        message,
        context: JSON.stringify({ step: step + 1, debtorIdentifier: debtor.identifier, ...context }),
        extra: null,
        createdAt: at,
        updatedAt: at,
      });
    });
  });
}
