import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { germanText } from '../commands/command-audit';

/** The German label of a processing code (schema/enums/processingCode.yaml). */
export const processingCodeLabel = (code: number): string => germanText(`enums.processingCode.${code}`);

/**
 * Records a processing code: the voucher shows it (bnet_status), its history gets a `bnet_status`
 * entry (document 1 §3 history event types) and the admins' process log a line (channel `bnet`).
 */
export async function writeProcessingCode(
  trx: Kysely<Database>,
  voucher: { creditorId: number; voucherId: number },
  code: number,
  now: Date,
  text?: string | null,
): Promise<void> {
  await trx.updateTable('voucher').set({ bnetStatus: code, updatedAt: now }).where('id', '=', voucher.voucherId).execute();
  await trx
    .insertInto('voucherHistory')
    .values({
      creditorId: voucher.creditorId,
      voucherId: voucher.voucherId,
      type: 'bnet_status',
      value: String(code),
      title: processingCodeLabel(code),
      text: text ?? null,
      createdAt: now,
    })
    .execute();
  await writeProcessLog(trx, voucher, 'bnet', `${code} ${processingCodeLabel(code)}${text ? `: ${text}` : ''}`, now, { code });
}

/** One line of the admins' process log of a voucher. */
export async function writeProcessLog(
  trx: Kysely<Database>,
  voucher: { creditorId: number; voucherId: number },
  channel: string,
  message: string,
  now: Date,
  context: Record<string, unknown> = {},
): Promise<void> {
  await trx
    .insertInto('logItem')
    .values({
      creditorId: voucher.creditorId,
      voucherId: voucher.voucherId,
      channel,
      message,
      context: JSON.stringify(context),
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}
