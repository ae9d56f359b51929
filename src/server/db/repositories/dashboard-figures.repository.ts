import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../schema';

/**
 * The dashboard's kept figures (migration 0088): computed once per creditor and day, used until a
 * change to the data they read becomes visible. Decision (issue 13): the aggregates of a
 * 250,000-voucher tenant read ~85,000 open and ~125,000 closed invoices; no index brings the ~13
 * of them together under 100 ms (measured: 441 ms on PostgreSQL, 843 ms on PGlite), so they are
 * kept in the database — shared by every server process — and invalidated exactly by triggers
 * (see the migration for why a snapshot and not a counter). Never stale: a kept row is served only
 * when it contains every change the reading request can see.
 */

export type Figures = Record<string, unknown>;

/**
 * The statement of {@link findKeptFigures}: the creditor's kept figures while they are current (no
 * row when not). `creditorId` may be a statement-cache slot; the dashboard reads it as a subquery of
 * its one statement (dashboard.repository's `dashboardStatement`).
 */
export const keptFiguresQuery = (creditorId: number) => sql<{ figures: Figures }>`
    select f.figures from dashboard_figures f
     where f.creditor_id = ${creditorId} and f.day = current_date
       and not exists (select 1 from dashboard_change c
                        where c.creditor_id = f.creditor_id and not pg_visible_in_snapshot(c.xid, f.snapshot))`;

/** The kept figures of the creditor when still exact for the reader's snapshot and today. */
export async function findKeptFigures(db: Kysely<Database>, creditorId: number): Promise<Figures | null> {
  const { rows } = await keptFiguresQuery(creditorId).execute(db);
  return rows[0]?.figures ?? null;
}

/**
 * Computes the figures in one REPEATABLE READ transaction (one snapshot: the figures agree with
 * each other and with the snapshot stored beside them) and keeps them. Keeping is a separate
 * statement, so a concurrent computation never fails the request; of two, the one with the newer
 * snapshot stays (an older one never replaces it), and the change rows its snapshot contains are
 * pruned.
 */
export async function computeAndKeepFigures(
  db: Kysely<Database>,
  creditorId: number,
  compute: (trx: Transaction<Database>) => Promise<Figures>,
): Promise<Figures> {
  const { snapshot, day, figures } = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      // the first statement takes the transaction's snapshot
      const { rows } = await sql<{ snapshot: string; day: string }>`
        select pg_current_snapshot()::text as snapshot, current_date::text as day`.execute(trx);
      return { ...rows[0], figures: await compute(trx) };
    });
  await sql`
    with kept as (
      insert into dashboard_figures as f (creditor_id, day, snapshot, figures)
      values (${creditorId}, ${day}::date, ${snapshot}::pg_snapshot, ${JSON.stringify(figures)}::jsonb)
      on conflict (creditor_id) do update
        set day = excluded.day, snapshot = excluded.snapshot, figures = excluded.figures, computed_at = now()
        where pg_snapshot_xmin(f.snapshot) <= pg_snapshot_xmin(excluded.snapshot)
      returning 1)
    delete from dashboard_change
     where creditor_id = ${creditorId} and xid < pg_snapshot_xmin(${snapshot}::pg_snapshot)
       and exists (select 1 from kept)`.execute(db);
  return figures;
}
