import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { commands } from '../../../generated/commands';
import { createAdapters } from '../../../src/server/adapters';
import { startWorkers, WORKER_TASKS, type Workers } from '../../../src/server/adapters/workers';
import { todayIso } from '../../../src/shared/validation';
import { bearer, buildTestApp, loginAs, type TestApp } from '../../helpers/app';
import { multipart } from '../upload-helpers';
import { timed } from './profile';

/**
 * The real system of the money model (tests/api/money-model.test.ts): one app on one database copy
 * for the whole file, the one movable clock, the workers' sweeps run on it, the creditor users'
 * tokens, and the two reads every step needs — a snapshot of everything a command on one debtor may
 * change (to prove that a refusal changed nothing) and the facts the invariants are checked on.
 */

/** The back office's sweeps the model runs (mail is left out: its files prove nothing about money). */
const SWEEPS = ['bookings', 'processing', 'dunningBlocks', 'dunning', 'permanentDebts', 'workQueue'] as const;
export const USERS = { smafa: 'creditor@example.com', tpf: 'creditor-tpf@example.com' } as const;
export type Product = keyof typeof USERS;
/** Who makes a call: the creditor of the product, or the back office (an admin). */
export type Caller = Product | 'admin';

export interface Answer {
  status: number;
  body: any;
}

export interface Request {
  /** the command of generated/commands.ts the call runs (what it must leave in history and action log) */
  command: keyof typeof commands;
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  body?: unknown;
  /** a multipart body (uploads) instead of JSON */
  form?: { body: Buffer; contentType: string };
}

export interface Snapshot {
  /** md5 of the debtor's rows in every table a command may write */
  rows: string;
  voucherHistoryMax: number;
  debtorHistoryMax: number;
  actionLogMax: number;
}

export interface VoucherFact {
  id: number;
  type: string;
  amount: number | null;
  leftover: number | null;
  balanced: number;
  status: string;
  purchase: string;
  subStatus: string;
  dunningType: string | null;
  blockUntil: string | null;
  blockCount: number;
  permanentDebtId: number | null;
  period: string | null;
  parentId: number | null;
  official: string | null;
}

export interface DebtFact {
  id: number;
  status: string;
  start: string;
  end: string | null;
  period: string;
  stoppedAt: string | null;
}

export interface Facts {
  vouchers: VoucherFact[];
  debts: DebtFact[];
  mandate: boolean;
}

export class World {
  clock: Date;
  readonly tokens = {} as Record<Caller, string>;
  readonly creditorIds = {} as Record<Product, number>;
  readonly sapNumbers = {} as Record<Product, string>;
  /** one runner per sweep (the workers' own runner), run in the workers' order */
  private workers: [string, Workers][] = [];
  /** whether the server takes an `Idempotency-Key` header (issue 25 item 5) */
  idempotency = false;

  private constructor(readonly t: TestApp, clock: { now: Date }) {
    this.clock = clock.now;
  }

  static async open(start: Date): Promise<World> {
    const box = { now: start };
    const adapters = createAdapters(process.env, { dataDir: mkdtempSync(join(tmpdir(), 'kontor-money-model-')) });
    let world: World | undefined;
    const t = await buildTestApp({ adapters, clock: () => world?.clock ?? box.now });
    world = new World(t, box);
    const w = world;
    for (const task of WORKER_TASKS.filter((x) => (SWEEPS as readonly string[]).includes(x))) {
      const workers = startWorkers({
        db: t.db,
        adapters,
        now: () => w.clock,
        intervalMs: 2 ** 30,
        tasks: [task],
        log: { info: () => {}, error: (o: unknown, m: string) => console.error(m, o) } as never,
      });
      w.workers.push([task, workers]);
    }
    for (const product of Object.keys(USERS) as Product[]) {
      w.tokens[product] = await loginAs(t.app, USERS[product]);
      const row = await t.db
        .selectFrom('appUser')
        .innerJoin('creditor', 'creditor.id', 'appUser.creditorId')
        .select(['creditor.id', 'creditor.sapNumber'])
        .where('username', '=', USERS[product])
        .executeTakeFirstOrThrow();
      w.creditorIds[product] = row.id;
      w.sapNumbers[product] = row.sapNumber!;
    }
    w.tokens.admin = await loginAs(t.app, 'admin@example.com');
    // Fixtures, not rules: the seed's own permanent debts would bill every missed period each time
    // the clock jumps (years over a run); the creditors' limits would run out after a few hundred
    // purchases and hide the purchase rules behind "limit exhausted".
    await t.db.updateTable('permanentDebt').set({ status: 'stopped', stoppedAt: w.clock, nextExecutionDate: null }).where('status', 'in', ['created', 'active']).execute();
    await t.db.updateTable('creditor').set({ approvedLimit: 10_000_000_000, availableLimit: 10_000_000_000 }).where('id', 'in', Object.values(w.creditorIds)).execute();
    // The seed's own open vouchers are handed to encashment (the dunning run's last step) and one
    // sweep runs before the first sequence: its backlog (due processing, ended stops, decisions to
    // raise) would otherwise land on the sweeps of the first sequences; what the model checks are
    // the sequences' own debtors.
    await t.db.updateTable('voucher').set({ dunningType: 'encashment' }).where('status', 'in', ['open', 'tpf_in_review', 'tpf_accepted']).where('dunningType', 'is distinct from', 'encashment').execute();
    await w.sweep(0);
    const table = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_name like '%idempot%'`.execute(t.db);
    w.idempotency = table.rows[0].n > 0;
    return w;
  }

  async close(): Promise<void> {
    for (const [, workers] of this.workers) await workers.stop();
    await this.t.close();
  }

  /**
   * After a sequence, its debtor is retired as the seed's are at the start (fixtures, not rules: the
   * invariants are checked on the running sequence's debtor only): its permanent debts end (else each
   * later clock jump would bill them on, and a run of hundreds of sequences would bill thousands of
   * periods nobody checks any more), and its open vouchers are handed to encashment, the dunning
   * run's last step (else every later sweep would lock and look at the open vouchers of all earlier
   * sequences: the dunning sweep grew from ~170 to ~235 ms over 200 sequences).
   */
  async endSequence(debtorId: number): Promise<void> {
    await this.t.db
      .updateTable('permanentDebt')
      .set({ status: 'stopped', stoppedAt: this.clock, nextExecutionDate: null })
      .where('debtorId', '=', debtorId)
      .where('status', 'in', ['created', 'active'])
      .execute();
    await this.t.db
      .updateTable('voucher')
      .set({ dunningType: 'encashment' })
      .where('debtorId', '=', debtorId)
      .where('dunningType', 'is distinct from', 'encashment')
      .execute();
  }

  get today(): string {
    return todayIso(this.clock);
  }

  /** Moves the clock on and runs every sweep once at the new moment. */
  async sweep(ms: number): Promise<void> {
    this.clock = new Date(this.clock.getTime() + ms);
    for (const [task, workers] of this.workers) await timed(`sweep ${task}`, () => workers.runOnce());
  }

  async call(product: Caller, request: Request, idempotencyKey?: string): Promise<Answer> {
    const headers: Record<string, string> = { ...bearer(this.tokens[product]) };
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    if (request.form) headers['content-type'] = request.form.contentType;
    const response = await timed(`${request.method === 'GET' ? request.url.replace(/[?\d].*$/, '') : request.command}`, () => this.t.app.inject({
      method: request.method,
      url: `/api${request.url}`,
      headers,
      ...(request.form ? { payload: request.form.body } : request.body !== undefined ? { payload: request.body as object } : {}),
    }));
    let body: unknown = response.body;
    try {
      body = response.body ? response.json() : null;
    } catch {
      // CSV and other text answers stay text
    }
    return { status: response.statusCode, body };
  }

  async get(product: Product, url: string): Promise<Answer> {
    return this.call(product, { command: 'commentVoucher', method: 'GET', url });
  }

  /** Everything a command on the debtor may write, as one fingerprint, and the audit tables' high marks. */
  async snapshot(creditorId: number, debtorId: number): Promise<Snapshot> {
    const { rows } = await timed('snapshot', () => sql<{ rows: string; vh: number | null; dh: number | null; al: number | null }>`
      select concat_ws(',',
        (select md5(coalesce(string_agg(v::text, '|' order by v.id), '')) from voucher v where v.debtor_id = ${debtorId}),
        (select md5(coalesce(string_agg(b::text, '|' order by b::text), '')) from voucher_balancing b
           where b.balanced_voucher_id in (select id from voucher where debtor_id = ${debtorId})),
        (select md5(coalesce(string_agg(l::text, '|' order by l.id), '')) from location l where l.debtor_id = ${debtorId}),
        (select md5(coalesce(string_agg(p::text, '|' order by p.id), '')) from permanent_debt p where p.debtor_id = ${debtorId}),
        (select md5(coalesce(string_agg(w::text, '|' order by w.id), '')) from work_queue_item w where w.debtor_id = ${debtorId}),
        (select md5(d::text) from debtor d where d.id = ${debtorId}),
        (select md5(c::text) from creditor c where c.id = ${creditorId}),
        (select count(*) from voucher_history h where h.voucher_id in (select id from voucher where debtor_id = ${debtorId})),
        (select max(id) from mail_outbox), (select max(id) from notification), (select max(id) from voucher_attachment)
      ) as rows,
      (select max(id) from voucher_history) as vh,
      (select max(id) from debtor_history) as dh,
      (select max(id) from action_log_entry) as al`.execute(this.t.db));
    const r = rows[0];
    return { rows: r.rows, voucherHistoryMax: Number(r.vh ?? 0), debtorHistoryMax: Number(r.dh ?? 0), actionLogMax: Number(r.al ?? 0) };
  }

  /** What the audit tables got since a snapshot: command history entries (those with an event; a work-queue answer's counted apart) and action-log types. */
  async auditSince(s: Snapshot): Promise<{ history: number; workQueueHistory: number; actionLog: string[] }> {
    const { rows } = await sql<{ history: number; wq: number; log: string[] | null }>`
      select
        (select count(*)::int from voucher_history where id > ${s.voucherHistoryMax} and event is not null and type <> 'work_queue')
          + (select count(*)::int from debtor_history where id > ${s.debtorHistoryMax} and event is not null) as history,
        (select count(*)::int from voucher_history where id > ${s.voucherHistoryMax} and type = 'work_queue') as wq,
        (select array_agg(action_type order by id) from action_log_entry where id > ${s.actionLogMax}) as log`.execute(this.t.db);
    return { history: rows[0].history, workQueueHistory: rows[0].wq, actionLog: rows[0].log ?? [] };
  }

  /** The facts the invariants are checked on: the debtor's vouchers, permanent debts and mandate, in one read. */
  async facts(debtorId: number): Promise<Facts> {
    const { rows } = await timed('facts', () => sql<{ f: Facts | string }>`
      select json_build_object(
        'vouchers', coalesce((select json_agg(json_build_object(
            'id', v.id, 'type', v.type, 'amount', v.amount, 'leftover', v.leftover_amount, 'status', v.status,
            'purchase', v.purchase_status, 'subStatus', v.sub_status, 'dunningType', v.dunning_type,
            'blockUntil', v.dunning_block_until, 'blockCount', v.dunning_block_count,
            'permanentDebtId', v.permanent_debt_id, 'period', v.permanent_debt_period, 'parentId', v.parent_id,
            'official', v.official_voucher_number,
            'balanced', (select coalesce(sum(b.amount), 0) from voucher_balancing b where b.balanced_voucher_id = v.id)
          ) order by v.id) from voucher v where v.debtor_id = ${debtorId}), '[]'::json),
        'debts', coalesce((select json_agg(json_build_object('id', p.id, 'status', p.status, 'start', p.start_date,
            'end', p.end_date, 'period', p.period, 'stoppedAt', p.stopped_at) order by p.id)
          from permanent_debt p where p.debtor_id = ${debtorId}), '[]'::json),
        'mandate', (select d.sepa_iban is not null and d.sepa_reference_number is not null from debtor d where d.id = ${debtorId})
      ) as f`.execute(this.t.db));
    const f = rows[0].f;
    return typeof f === 'string' ? JSON.parse(f) : f;
  }

  /** A multipart upload body (what the upload dialog sends). */
  static uploadForm(fields: Record<string, string>, file: { name: string; bytes: Buffer }, field = 'invoiceFiles') {
    return multipart([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: field, file: { name: file.name, type: 'application/xml', bytes: file.bytes } },
    ]);
  }

  /**
   * A voucher handed over: the creditor's upload with the debtor chosen, or — the freight product
   * uploads nothing itself — the back office's external voucher (processing finds the buyer).
   */
  upload(product: Product, place: { debtorId: number; locationId: number } | null, bytes: Buffer): { caller: Caller; request: Request } {
    if (product === 'tpf') {
      const form = World.uploadForm({ creditorSapNumber: this.sapNumbers[product], voucherType: 'invoice' }, { name: 'rechnung.xml', bytes }, 'files');
      return { caller: 'admin', request: { command: 'createExternalVoucher', method: 'POST', url: '/research/external-voucher/create', form } };
    }
    const chosen: Record<string, string> = place ? { debtor: String(place.debtorId), location: String(place.locationId) } : {};
    const form = World.uploadForm({ voucherType: 'invoice', deliveryType: 'post', ...chosen }, { name: 'rechnung.xml', bytes });
    return { caller: product, request: { command: 'uploadVoucher', method: 'POST', url: '/voucher/upload', form } };
  }
}
