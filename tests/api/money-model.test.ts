import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays } from '../../src/shared/validation/german-input.parse';
import { checkInvariants, checkShownAmounts } from './money-model/invariants';
import { mandateBody, type Model, modelCommands } from './money-model/model';
import { type Product, World } from './money-model/world';
import { spent } from './money-model/profile';

// The money model of issue 25 ("the test that finds the rest"): random sequences of the creditor's
// calls and the back office's sweeps on the moved clock, against the real API on one database (run
// once on PGlite, once on PostgreSQL), with the money rules checked after every step
// (src/server/domain/README.md, "Money rules"). Each sequence works on its own new debtor, so
// sequences need no database reset. A failure names the seed and the shrunk sequence:
//   KONTOR_MODEL_SEED=<seed> KONTOR_MODEL_START=<clock> npx vitest run --project api tests/api/money-model.test.ts
// replays it (KONTOR_MODEL_RUNS sets the number of sequences per database; in CI 1,000 per run over
// both databases, as issue 25 asks — 650 on PostgreSQL, 350 on PGlite —, and 100 elsewhere).

const inCI = !!process.env.CI && process.env.CI !== 'false';
const onPostgres = process.env.KONTOR_TEST_DB === 'postgres';
// CI's thousand sequences lean on PostgreSQL: its lane ends minutes before the PGlite lane (which
// runs after the unit suite) and a sequence costs it less (40 % less wall time beside the other
// lanes: 500 in 423 s against 343 in 480 s on PGlite, 2026-11-29, bench/README.md "CI time")
const RUNS = Number(process.env.KONTOR_MODEL_RUNS) || (inCI ? (onPostgres ? 650 : 350) : 100);
// A time budget per database (CI: 600 s on PostgreSQL, 420 s on PGlite), a guard against a starved
// machine: after the first 25 sequences, which always run, a run stops taking new sequences when it
// is spent. On the slow 2-core machine kind a sequence takes ~0.25 s alone and 0.85 (PostgreSQL) to
// 1.4 s (PGlite) beside CI's other lanes at their busiest; the count that ran is printed.
const SECONDS = Number(process.env.KONTOR_MODEL_SECONDS) || (inCI ? (onPostgres ? 600 : 420) : 0);
const SEED = process.env.KONTOR_MODEL_SEED
  ? Number(process.env.KONTOR_MODEL_SEED)
  : Math.floor(Math.random() * 2 ** 31);
const START = process.env.KONTOR_MODEL_START ? new Date(process.env.KONTOR_MODEL_START) : new Date();
const MAX_COMMANDS = 12;
/** sequences that run whatever the time budget */
const MIN_RUNS = 25;

let w: World;
beforeAll(async () => {
  w = await World.open(START);
});
afterAll(async () => {
  if (process.env.KONTOR_MODEL_PROFILE)
    console.table(
      Object.fromEntries(
        Object.entries(spent).map(([k, v]) => [k, { ms: Math.round(v.ms), n: v.n, max: Math.round(v.max) }]),
      ),
    );
  await w?.close();
});

let sequence = 0;
/** 27 → 'ab': a number as letters (a street name with digits would be read as its house number). */
const letters = (n: number): string =>
  (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));

/**
 * A sequence's own debtor with a location and two invoices, written as the creditor's customer
 * creation and document processing leave them (a fixture: through the API each sequence would
 * cost an ident check, an upload and a processing run — a third of a second on a busy machine;
 * uploads through the API and their processing are commands of the model): a purchased current
 * euro invoice due in `dueIn` days (the limits reduced by it) and one not purchased. The mandate
 * is set through the API when asked.
 */
async function newSequence(
  product: Product,
  undeliverable: boolean,
  mandate: boolean,
  dueIn: number,
): Promise<Model> {
  const n = `${SEED.toString(36)}-${++sequence}`;
  const creditorId = w.creditorIds[product];
  const now = w.clock;
  const today = w.today;
  const buyer = {
    name: `Modellbau ${n} GmbH`,
    // a street of its own: processing recognises a known customer by its address alone
    street: `${undeliverable ? 'Unzustellbar ' : ''}Modellweg ${letters(sequence)} 5`,
    zip: '20457',
    city: 'Hamburg',
  };
  const limit = 10_000_000;
  const bought = 119_000;
  const tpf = product === 'tpf';
  const { debtorId, locationId, ids } = await w.t.db.transaction().execute(async (trx) => {
    const debtor = await trx
      .insertInto('debtor')
      .values({
        creditorId,
        identifier: `MM-${n}`,
        name: buyer.name,
        debtorType: 'business',
        street: buyer.street.replace(/ 5$/, ''),
        house: '5',
        zip: buyer.zip,
        city: buyer.city,
        approvedLimit: limit,
        availableLimit: tpf ? limit : limit - bought,
        limitUpdateDate: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const location = await trx
      .insertInto('location')
      .values({
        creditorId,
        debtorId: debtor.id,
        identifier: `MM-${n}-L1`,
        name: buyer.name,
        addressName: buyer.name,
        deliveryType: 'post',
        street: buyer.street.replace(/ 5$/, ''),
        house: '5',
        zip: buyer.zip,
        city: buyer.city,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const invoice = (k: number, purchased: boolean) => ({
      creditorId,
      debtorId: debtor.id,
      locationId: location.id,
      customNumber: `MM-${n}-${k}`,
      officialVoucherNumber: `MM${n.replace(/\W/g, '')}${k}`,
      type: 'invoice',
      status: tpf ? 'tpf_accepted' : 'open',
      subStatus: purchased ? 'purchased' : 'not_purchased',
      purchaseStatus: purchased ? 'GEKAUFT' : 'NICHT_GEKAUFT',
      dunningType: 'notDunned',
      amount: bought,
      leftoverAmount: bought,
      initialLeftoverAmount: bought,
      voucherDate: addDays(today, dueIn - 30),
      performanceDate: addDays(today, dueIn - 31),
      paymentDeadline: addDays(today, dueIn),
      originalName: `MM-${n}-${k}.xml`,
      documentId: `DOC-MM-${n}-${k}`,
      uploadedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const rows = await trx
      .insertInto('voucher')
      .values([invoice(1, !tpf), invoice(2, false)])
      .returning('id')
      .execute();
    if (!tpf)
      await trx
        .updateTable('creditor')
        .set({ availableLimit: sql`available_limit - ${bought}` })
        .where('id', '=', creditorId)
        .execute();
    return { debtorId: debtor.id, locationId: location.id, ids: rows.map((r) => r.id) };
  });
  // (the freight product keeps no mandates: its sequences start without)
  if (mandate && !tpf) {
    const answer = await w.call(product, {
      command: 'updatePaymentData',
      method: 'POST',
      url: `/debtor/update/${debtorId}`,
      body: mandateBody(today),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
  const model: Model = {
    product,
    creditorId,
    debtorId,
    locationId,
    kinds: new Map([
      [ids[0], tpf ? 'notBought' : 'euroInvoice'],
      [ids[1], 'notBought'],
    ]),
    blockSetOn: new Map(),
    facts: await w.facts(debtorId),
    buyer,
    seedNote: `[seed ${SEED}, sequence ${sequence}]`,
  };
  checkInvariants(w, model, model.facts);
  return model;
}

describe('the money model (issue 25): random sequences of commands keep the money rules', () => {
  it(`${RUNS} sequences of up to ${MAX_COMMANDS} commands, invariants after every step`, async () => {
    console.info(
      `money model: ${RUNS} sequences, seed ${SEED}, clock from ${START.toISOString()} — replay: KONTOR_MODEL_SEED=${SEED} KONTOR_MODEL_START=${START.toISOString()}`,
    );
    /** One fast-check run of the model: `runs` sequences from `seed`, stopped after `budgetMs` if given. */
    const run = (runs: number, seed: number, budgetMs?: number) =>
      fc.check(
        fc.asyncProperty(
          fc.constantFrom<Product>('smafa', 'smafa', 'smafa', 'tpf'),
          fc.boolean(),
          fc.boolean(),
          fc.integer({ min: -40, max: 30 }),
          fc.commands(modelCommands, { maxCommands: MAX_COMMANDS }),
          async (product, undeliverable, mandate, dueIn, steps) => {
            const model = await newSequence(product, undeliverable, mandate, dueIn);
            try {
              await fc.asyncModelRun(() => ({ model, real: w }), steps);
              // every tenth sequence ends with all of its amounts compared as shown (list, CSV, every detail, dashboard)
              if (sequence % 10 === 0)
                await checkShownAmounts(
                  w,
                  model,
                  model.facts,
                  model.facts.vouchers.map((v) => v.id),
                );
            } finally {
              await w.endSequence(model.debtorId);
            }
          },
        ),
        {
          numRuns: runs,
          seed,
          endOnFailure: !!process.env.KONTOR_MODEL_NO_SHRINK,
          plugins: budgetMs !== undefined ? [fc.interruptAfterTimeLimit(budgetMs)] : [],
        },
      );
    // the first MIN_RUNS sequences run whatever the time (a budget spent by a starved machine must not
    // leave nothing tested); the rest, from the next seed, while the budget lasts
    const started = Date.now();
    const first = await run(Math.min(RUNS, MIN_RUNS), SEED);
    if (first.failed) throw new Error(fc.defaultReportMessage(first));
    const left = SECONDS ? SECONDS * 1000 - (Date.now() - started) : undefined;
    const rest =
      RUNS > MIN_RUNS && (left === undefined || left > 1_000) ? await run(RUNS - MIN_RUNS, SEED + 1, left) : undefined;
    console.info(
      `money model: ${first.numRuns + (rest?.numRuns ?? 0)} of ${RUNS} sequences ran${rest?.interrupted ? ` (the time budget of ${SECONDS} s was spent)` : ''}`,
    );
    // (a budget spent before the rest's first sequence is "interrupted after 0 tests": no counterexample)
    if (rest?.failed && rest.counterexample !== null) throw new Error(`${fc.defaultReportMessage(rest)}\n(a sequence after the first ${MIN_RUNS}: fast-check's seed ${SEED + 1}, the clock from ${START.toISOString()})`);
    expect(first.numRuns).toBe(Math.min(RUNS, MIN_RUNS));
  }, 1_800_000);
});
