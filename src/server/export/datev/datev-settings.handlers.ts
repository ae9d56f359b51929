import type { DatevSettingsForm } from '../../../../generated/types';
import type { CommandHandler } from '../../commands/command.types';

/** PUT /creditor/datev-settings: the EXTF header's numbers and the accounts of the caller's creditor. */
export const updateDatevSettings: CommandHandler<DatevSettingsForm> = async (ctx) => {
  const input = ctx.input;
  await ctx.trx
    .updateTable('creditor')
    .set({
      datevConsultantNumber: input.consultantNumber,
      datevClientNumber: input.clientNumber,
      datevFiscalYearStartMonth: input.fiscalYearStartMonth,
      datevAccountLength: input.accountLength,
      datevChart: input.chart,
      datevCollectiveDebtorAccount: input.collectiveDebtorAccount ?? null,
      updatedAt: ctx.now,
    })
    .where('id', '=', ctx.creditor!.id)
    .execute();
  return undefined;
};
