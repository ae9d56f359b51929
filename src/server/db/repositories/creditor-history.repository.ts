import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema';

/**
 * Event types of the creditor history (GET /creditor/history/list). The spec shows no fields;
 * decision: the history is assembled from what the database already records about the contract —
 * contract start, service-fee conditions taking effect, minimum-fee periods starting, terms
 * accepted and bank-detail (SEPA) change requests with their decision — newest first. Each entry
 * carries a type (labels in schema/texts/pages.yaml), its date and a short detail.
 */
export const CREDITOR_HISTORY_TYPES = [
  'contractStart',
  'serviceFeeCondition',
  'serviceFeePeriod',
  'termsAccepted',
  'sepaUpdateRequested',
  'sepaUpdateDecided',
] as const;

/** The events that are contract data: conditions, fee periods, the contract start. */
const CONTRACT_EVENT_TYPES: CreditorHistoryEntry['type'][] = ['contractStart', 'serviceFeeCondition', 'serviceFeePeriod'];

export interface CreditorHistoryEntry {
  identifier: string;
  type: (typeof CREDITOR_HISTORY_TYPES)[number];
  created: number;
  text: string | null;
}

export interface CreditorHistoryQuery {
  page: number;
  rowsPerPage: number;
}

// All events of one creditor as (identifier, type, created, text) rows; dates count from 09:00 UTC.
const events = (creditorId: number) => sql`
  select 'contract-' || c.id as identifier, 'contractStart' as type,
         (c.contract_start + time '09:00') at time zone 'UTC' as created, c.contract_number as text
    from creditor c where c.id = ${creditorId} and c.contract_start is not null
  union all
  select 'condition-' || sc.id, 'serviceFeeCondition',
         (sc.valid_from_date + time '09:00') at time zone 'UTC', m.name
    from creditor_service_fee_condition sc join service_fee_matrix_entry m on m.id = sc.matrix_entry_id
   where sc.creditor_id = ${creditorId} and sc.valid_from_date <= current_date
  union all
  select 'period-' || p.id, 'serviceFeePeriod', (p.start_date + time '09:00') at time zone 'UTC',
         to_char(p.start_date, 'DD.MM.YYYY') || ' – ' || to_char(p.end_date, 'DD.MM.YYYY')
    from service_fee_period p where p.creditor_id = ${creditorId}
  union all
  select 'terms-' || a.id, 'termsAccepted', a.accepted_at, null
    from terms_approval a where a.creditor_id = ${creditorId} and a.accepted_at is not null
  union all
  select 'sepa-' || r.id, 'sepaUpdateRequested', r.created_at, r.iban
    from sepa_update_request r where r.creditor_id = ${creditorId}
  union all
  select 'sepa-decision-' || r.id, 'sepaUpdateDecided', r.decision_at, r.status::text
    from sepa_update_request r where r.creditor_id = ${creditorId} and r.decision_at is not null`;

/**
 * One page of the creditor's history, newest first, with `count` and `empty`.
 *
 * @example await listCreditorHistory(db, creditorId, { page: 1, rowsPerPage: 15 });
 */
export async function listCreditorHistory(
  db: Kysely<Database>,
  creditorId: number,
  query: CreditorHistoryQuery,
  visible: { contract: boolean } = { contract: true },
) {
  // without the contract tab (the assistant, document 1 §6) the contract's events are withheld too
  const shown = visible.contract ? sql`true` : sql`e.type not in (${sql.join(CONTRACT_EVENT_TYPES)})`;
  const [rows, total] = await Promise.all([
    sql<{ identifier: string; type: CreditorHistoryEntry['type']; created: Date; text: string | null }>`
      select * from (${events(creditorId)}) e where ${shown}
       order by e.created desc, e.identifier
       limit ${query.rowsPerPage} offset ${(query.page - 1) * query.rowsPerPage}`.execute(db),
    sql<{ count: number }>`select count(*)::int as count from (${events(creditorId)}) e where ${shown}`.execute(db),
  ]);
  const count = Number(total.rows[0]?.count ?? 0);
  const entries: CreditorHistoryEntry[] = rows.rows.map((row) => ({
    identifier: row.identifier,
    type: row.type,
    created: Math.floor(new Date(row.created).getTime() / 1000),
    text: row.text,
  }));
  return { entries, count, empty: count === 0 };
}
