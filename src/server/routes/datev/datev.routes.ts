import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { ApiError } from '../../errors';
import { datevExportStream, fiscalYearEnd, fiscalYearStart } from '../../export/datev/datev-export';
import type { Chart } from '../../export/datev/extf-format';
import { creditorIdOf } from '../../plugins/auth';
import { requirePermission } from '../../plugins/permissions';
import { actorOf, writeActionLog } from '../../services/action-log';
import { errorResponses } from '../route-schemas';

/** The creditor permission of the export (schema/permissions.yaml: main user, management, observer). */
export const DATEV_PERMISSION = 'vouchers.datevExport';
const ISO_DATE = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

/**
 * The creditor's DATEV hand-off (issue 30; src/server/export/datev/README.md): GET /voucher/datev
 * streams the Buchungsstapel of the vouchers dated from–to (one fiscal year at most, as DATEV
 * requires of a batch), logged in the action log; GET /creditor/datev-settings gives the settings
 * the export dialog shows (changed by the command updateDatevSettings).
 */
export async function datevRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const gate = requirePermission(db, DATEV_PERMISSION);
  const settingsOf = (creditorId: number) =>
    db
      .selectFrom('creditor')
      .select([
        'id',
        'name',
        'datevConsultantNumber',
        'datevClientNumber',
        'datevFiscalYearStartMonth',
        'datevAccountLength',
        'datevChart',
        'datevCollectiveDebtorAccount',
      ])
      .where('id', '=', creditorId)
      .executeTakeFirstOrThrow();

  app.get(
    '/creditor/datev-settings',
    {
      schema: {
        tags: ['datev'],
        summary: "The creditor's DATEV settings (consultant and client number, fiscal year, accounts)",
        security: [{ bearerAuth: [] }],
        response: {
          200: {
            type: 'object',
            properties: {
              consultantNumber: { type: ['integer', 'null'] },
              clientNumber: { type: ['integer', 'null'] },
              fiscalYearStartMonth: { type: 'integer' },
              accountLength: { type: 'integer' },
              chart: { type: 'string' },
              collectiveDebtorAccount: { type: ['integer', 'null'] },
            },
          },
          ...errorResponses,
        },
      },
      preHandler: gate,
    },
    async (request) => {
      const s = await settingsOf(creditorIdOf(request));
      return {
        consultantNumber: s.datevConsultantNumber,
        clientNumber: s.datevClientNumber,
        fiscalYearStartMonth: s.datevFiscalYearStartMonth,
        accountLength: s.datevAccountLength,
        chart: s.datevChart,
        collectiveDebtorAccount: s.datevCollectiveDebtorAccount,
      };
    },
  );

  app.get<{ Querystring: { from: string; to: string } }>(
    '/voucher/datev',
    {
      schema: {
        tags: ['datev'],
        summary: 'The vouchers of a date range as DATEV Buchungsstapel (EXTF 700, Windows-1252)',
        security: [{ bearerAuth: [] }],
        querystring: {
          type: 'object',
          properties: { from: ISO_DATE, to: ISO_DATE },
          required: ['from', 'to'],
          additionalProperties: false,
        },
        response: errorResponses,
      },
      preHandler: gate,
    },
    async (request, reply) => {
      const { from, to } = request.query;
      if (Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)) || from > to) {
        throw new ApiError(400, 'datev.rangeInvalid');
      }
      const s = await settingsOf(creditorIdOf(request));
      if (s.datevConsultantNumber == null || s.datevClientNumber == null) throw new ApiError(409, 'datev.settingsMissing');
      const start = fiscalYearStart(from, s.datevFiscalYearStartMonth);
      if (to > fiscalYearEnd(start)) throw new ApiError(400, 'datev.rangeSpansFiscalYears');
      const stream = await datevExportStream(
        db,
        {
          id: s.id,
          chart: s.datevChart as Chart,
          accountLength: s.datevAccountLength,
          collectiveDebtorAccount: s.datevCollectiveDebtorAccount,
        },
        {
          createdAt: new Date(),
          exportedBy: 'Kontor',
          consultantNumber: s.datevConsultantNumber,
          clientNumber: s.datevClientNumber,
          fiscalYearStart: start,
          accountLength: s.datevAccountLength,
          from,
          to,
          label: `Belege ${from} bis ${to}`,
          chart: s.datevChart as Chart,
        },
      );
      await writeActionLog(db, actorOf(request.user), 'datev_export', { from, to });
      return reply
        .type('text/csv; charset=windows-1252')
        .header('content-disposition', `attachment; filename="EXTF_Buchungsstapel_${from}_${to}.csv"`)
        .send(stream);
    },
  );
}
