import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, buildTestApp, loginAs } from '../helpers/app';

// Every file the demo data links (/files/<creditor>/…: voucher documents and attachments, permanent
// debts' documents, contracts and stop letters, work-queue letters) answers its owner with the file
// and any other creditor with 404 (src/server/db/seed/linked-files.ts stores them).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The links of the seeded rows, found in the rows (every column, JSON and arrays too). */
async function seededLinks(): Promise<Map<string, number>> {
  const links = new Map<string, number>();
  const tables = [
    'voucher',
    'voucherAttachment',
    'permanentDebt',
    'workQueueItem',
    'workQueueMessage',
    'creditorVoucher',
    'notification',
  ] as const;
  for (const table of tables) {
    const rows = (await t.db.selectFrom(table).selectAll().execute()) as { creditorId: number }[];
    for (const row of rows) {
      for (const [path] of JSON.stringify(row).matchAll(/\/files\/[^"\\\s]+/g))
        links.set(path, row.creditorId);
    }
  }
  return links;
}

describe('the demo data’s files', () => {
  it('every linked file is stored for its owner; each kind answers 200 with its content to its owner and 404 to another creditor', async () => {
    const links = await seededLinks();
    expect(links.size).toBeGreaterThanOrEqual(35);
    // a user with a pending entry check (terms, password, contact data) gets only that check's calls
    // (issue 26), and some demo creditors have no other user: here every check is done
    await t.db
      .updateTable('appUser')
      .set({ optIn: true, passwordUpdateRequired: false, askForContactInformationChanges: false })
      .execute();
    const users = await t.db
      .selectFrom('appUser')
      .select(['creditorId', 'username'])
      .where('creditorId', 'is not', null)
      .where('status', '=', 'active')
      .orderBy('id')
      .execute();
    const tokens = new Map<number, string>();
    const tokenOf = async (creditorId: number) => {
      if (!tokens.has(creditorId)) {
        const user = users.find((u) => u.creditorId === creditorId);
        if (!user) throw new Error(`no active user of creditor ${creditorId}`);
        tokens.set(creditorId, await loginAs(t.app, user.username));
      }
      return tokens.get(creditorId)!;
    };
    const owners = [...new Set(links.values())];
    const someoneElse = async (owner: number) =>
      tokenOf(
        users.find((u) => u.creditorId !== owner && owners.includes(u.creditorId!))?.creditorId ??
          users.find((u) => u.creditorId !== owner)!.creditorId!,
      );
    const failures: string[] = [];
    // every link has its file, stored for the creditor whose row links it (one statement)
    const stored = new Map(
      (await t.db.selectFrom('storedFile').select(['path', 'creditorId']).execute()).map((f) => [f.path, f.creditorId]),
    );
    for (const [path, owner] of links)
      if (stored.get(path) !== owner) failures.push(`${path}: stored for ${stored.get(path) ?? 'nobody'}, not ${owner}`);
    // over HTTP one link of each kind per owner (the route reads every file alike): a request per
    // link took two minutes of CI's time for thousands of the same answer
    const sample = new Map<string, [string, number]>();
    for (const [path, owner] of links) {
      const kind = `${owner} ${path.split('/')[3]} ${path.slice(path.lastIndexOf('.'))}`;
      if (!sample.has(kind)) sample.set(kind, [path, owner]);
    }
    expect(sample.size).toBeGreaterThanOrEqual(owners.length);
    for (const owner of owners) await someoneElse(owner).then(() => tokenOf(owner));
    const check = async ([path, owner]: [string, number]) => {
      const url = `/api${path}`;
      const mine = await t.app.inject({ url, headers: bearer(await tokenOf(owner)) });
      if (mine.statusCode !== 200 || mine.rawPayload.length === 0)
        failures.push(`${path}: owner ${mine.statusCode}`);
      else if (!/^%PDF-|^<\?xml/.test(mine.rawPayload.subarray(0, 8).toString('latin1')))
        failures.push(`${path}: not a PDF or XML`);
      const theirs = await t.app.inject({ url, headers: bearer(await someoneElse(owner)) });
      if (theirs.statusCode !== 404) failures.push(`${path}: another creditor ${theirs.statusCode}`);
    };
    for (const link of sample.values()) await check(link);
    expect(failures).toEqual([]);
  }, 120_000);
});
