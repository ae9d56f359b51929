import type { Kysely } from 'kysely';
import type { StateOfAffairsImportForm } from '../../../../generated/types';
import type { CommandContext, CommandHandler } from '../../commands/command.types';
import { germanText } from '../../commands/command-audit';
import type { Database } from '../../db/schema';
import { decodeDataUrl } from '../uploads/file-store';
import { isImportable, type ParsedImport, parseStateOfAffairsCsv } from './state-of-affairs-csv';

/** The one CSV file of the form, parsed and checked row by row. */
function parseInput(ctx: CommandContext<StateOfAffairsImportForm>): {
  parsed: ParsedImport;
  fileName: string;
} {
  const [value] = ctx.input.files ?? [];
  if (!value) ctx.refuse('stateOfAffairsImport.noRows', 400);
  const file = decodeDataUrl(value!);
  return { parsed: parseStateOfAffairsCsv(file.bytes), fileName: file.name };
}

/**
 * What the clean-up would do with the catalogue's states the file no longer names: remove those no
 * work-queue item refers to, keep the others.
 */
async function cleanupPlan(trx: Kysely<Database>, codesInFile: string[]) {
  const existing = await trx.selectFrom('stateOfAffairs').select('code').orderBy('code').execute();
  const inFile = new Set(codesInFile);
  const absent = existing.map((row) => row.code).filter((code) => !inFile.has(code));
  const used = absent.length
    ? await trx
        .selectFrom('workQueueItem')
        .select('stateOfAffairsCode')
        .distinct()
        .where('stateOfAffairsCode', 'in', absent)
        .execute()
    : [];
  const usedCodes = new Set(used.map((row) => row.stateOfAffairsCode));
  return {
    existing: new Set(existing.map((row) => row.code)),
    remove: absent.filter((code) => !usedCodes.has(code)),
    keep: absent.filter((code) => usedCodes.has(code)),
  };
}

const summary = (parsed: ParsedImport, fileName: string) => ({
  file: fileName,
  rows: parsed.rows.length,
  states: parsed.states.map((s) => s.code),
  errorRows: parsed.rows.filter((row) => row.errors.length).map((row) => row.line),
  fileErrors: parsed.fileErrors,
});

/**
 * POST /state-of-affairs/import/preview: every row of the file with its German errors, and what the
 * import would add, remove and have to keep — the catalogue is not touched.
 */
export const previewStateOfAffairsImport: CommandHandler<StateOfAffairsImportForm> = async (ctx) => {
  const { parsed, fileName } = parseInput(ctx);
  const plan = await cleanupPlan(
    ctx.trx,
    parsed.states.map((s) => s.code),
  );
  return {
    response: {
      valid: isImportable(parsed),
      fileErrors: parsed.fileErrors,
      rows: parsed.rows,
      errorRows: parsed.rows.filter((row) => row.errors.length).length,
      states: parsed.states.length,
      options: parsed.options.length,
      newStates: parsed.states.map((s) => s.code).filter((code) => !plan.existing.has(code)),
      removedStates: plan.remove,
      keptStates: plan.keep,
    },
    actionLog: { payload: summary(parsed, fileName) },
  };
};

/**
 * POST /state-of-affairs/import: checks the file again; any error refuses the whole file (422
 * stateOfAffairsImport.failed, nothing written). Otherwise, in the command's one transaction, each
 * state of the file is written (its options replaced by the file's), then the clean-up removes the
 * states the file no longer names unless work-queue items use them — those stay, and the answer is
 * "succeeded with failed clean-up".
 */
export const importStatesOfAffairs: CommandHandler<StateOfAffairsImportForm> = async (ctx) => {
  const { parsed, fileName } = parseInput(ctx);
  if (!isImportable(parsed)) {
    const count = parsed.rows.filter((row) => row.errors.length).length;
    if (count === 0) ctx.refuse('stateOfAffairsImport.failed', 422);
    ctx.refuse('stateOfAffairsImport.rowErrors', 422, { count });
  }
  const { trx, now } = ctx;
  const codes = parsed.states.map((s) => s.code);
  for (const state of parsed.states) {
    await trx
      .insertInto('stateOfAffairs')
      .values({ ...state, importedAt: now })
      .onConflict((oc) =>
        oc.column('code').doUpdateSet({
          title: state.title,
          text: state.text,
          followUpAction: state.followUpAction,
          rejectAction: state.rejectAction,
          acceptFileRequired: state.acceptFileRequired,
          rejectFileRequired: state.rejectFileRequired,
          importedAt: now,
        }),
      )
      .execute();
  }
  await trx.deleteFrom('stateOfAffairsOption').where('stateCode', 'in', codes).execute();
  await trx.insertInto('stateOfAffairsOption').values(parsed.options).execute();

  const plan = await cleanupPlan(trx, codes);
  if (plan.remove.length) await trx.deleteFrom('stateOfAffairs').where('code', 'in', plan.remove).execute();
  const cleanupFailed = plan.keep.length > 0;
  return {
    response: {
      result: cleanupFailed ? 'succeededCleanupFailed' : 'succeeded',
      states: parsed.states.length,
      options: parsed.options.length,
      removed: plan.remove.length,
      notRemoved: plan.keep.length,
      ...(cleanupFailed
        ? {
            message: germanText('stateOfAffairsImport.succeededCleanupFailed', {
              codes: plan.keep.join(', '),
            }),
          }
        : {}),
    },
    actionLog: { payload: { ...summary(parsed, fileName), removed: plan.remove, kept: plan.keep } },
  };
};
