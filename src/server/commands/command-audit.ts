import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import de from '../../../generated/i18n/de.json' with { type: 'json' };
import { variants } from '../../../generated/variants';
import type { CommandConfig } from '../../shared/config-types';
import { enqueueMail } from '../adapters/mail/mail-outbox';
import type { Database } from '../db/schema';
import { ACTIVE_USER_STATUSES, MAIN_USER_ROLES } from '../services/creditor-users';
import { enumValue } from '../services/status-groups';
import type { Caller, CommandCreditor, CommandOutcome, LoadedTarget } from './command.types';

/**
 * The German text of a catalogue key (a message key like `debtors.deactivationBlocked`, or a full
 * key like `history.debtorCreated`) as the product words it (its variant's `wording`), placeholders
 * filled.
 *
 * @example germanText('history.debtorCreated', {}, 'TPF') // 'Auftraggeber angelegt'
 */
export function germanText(key: string, params: Record<string, unknown> = {}, product?: string): string {
  const find = (path: string) =>
    (product ? variants[product]?.wording.de[path] : undefined) ??
    path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], de);
  const text = find(`messages.${key}`) ?? find(key);
  const raw = typeof text === 'string' ? text : key;
  return raw.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The voucher history event type of every command (schema/enums/historyEventType.yaml). */
const VOUCHER_ACTION_EVENT = enumValue('historyEventType', 'action');

interface AuditInput {
  command: CommandConfig;
  caller: Caller;
  creditor: CommandCreditor | null;
  target: LoadedTarget | null;
  input: unknown;
  outcome: CommandOutcome;
  now: Date;
}

/**
 * Writes what every command leaves behind, in the command's transaction: the history entry (when
 * the YAML names an event), the action-log entry (always) and the notifications and mails of
 * `notify`. A handler never writes these itself.
 */
export async function writeAudit(trx: Kysely<Database>, a: AuditInput): Promise<void> {
  const { command, caller, target, outcome, now } = a;
  // a command that creates its creditor (a registration) names it through its outcome
  const creditor = a.creditor ?? outcome.creditor ?? null;
  const historyDebtor = outcome.history?.debtorId ?? target?.debtorId ?? null;
  // which history the event goes to: the target's (schema/commands `targets.*.history`); a command
  // without a target writes the debtor history of the debtor its handler names
  const historyKind = command.target?.history ?? 'debtor';
  if (command.history && historyKind === 'voucher' && target && creditor) {
    await trx
      .insertInto('voucherHistory')
      .values({
        creditorId: creditor.id,
        voucherId: target.id,
        type: VOUCHER_ACTION_EVENT,
        value: outcome.history?.value ?? null,
        title: germanText(command.history.title, {}, creditor.product),
        text: outcome.history?.text ?? null,
        userEmail: caller.email,
        event: command.history.event,
        payload: JSON.stringify(outcome.history?.payload ?? a.input ?? null),
        createdAt: now,
      })
      .execute();
  }
  if (command.history && historyKind === 'debtor' && historyDebtor != null && creditor) {
    await trx
      .insertInto('debtorHistory')
      .values({
        creditorId: creditor.id,
        debtorId: historyDebtor,
        locationId: outcome.history?.locationId !== undefined ? outcome.history.locationId : (target?.locationId ?? null),
        title: germanText(command.history.title, {}, creditor.product),
        text: outcome.history?.text ?? null,
        userEmail: caller.email,
        event: command.history.event,
        payload: JSON.stringify(outcome.history?.payload ?? a.input ?? null),
        createdAt: now,
      })
      .execute();
  }

  const log = outcome.actionLog ?? {};
  await trx
    .insertInto('actionLogEntry')
    .values({
      userId: caller.userId,
      actionType: command.actionLog,
      productType: creditor?.product ?? log.productType ?? (caller.product || null),
      payload: JSON.stringify(log.payload ?? a.input ?? {}),
      // during an impersonation both: the admin acting and the user acted as (document 2 §2)
      adminEmail: caller.isAdmin ? caller.email : (caller.adminEmail ?? null),
      userEmail: caller.isAdmin ? null : caller.email,
      creditorId: creditor?.id ?? null,
      creditorIdentifier: creditor?.identifier ?? '',
      debtorIdentifier: log.debtorIdentifier ?? target?.debtorIdentifier ?? '',
      voucherIdentifier: log.voucherIdentifier ?? target?.voucherIdentifier ?? '',
      creditorSapNumber: creditor?.sapNumber ?? '',
      debtorSapNumber: log.debtorSapNumber ?? target?.debtorSapNumber ?? '',
      voucherReference: log.voucherReference ?? target?.voucherReference ?? '',
      voucherSapNumber: log.voucherSapNumber ?? target?.voucherSapNumber ?? '',
      transactionKey: randomUUID(),
      createdAt: now,
    })
    .execute();

  if (!command.notify.length || !creditor) return;
  const recipients = async (to: 'mainUsers' | 'caller') =>
    to === 'caller'
      ? [{ id: caller.userId as number, email: caller.email }]
      : trx
          .selectFrom('appUser')
          .select(['id', 'email'])
          .where('creditorId', '=', creditor.id)
          .where('status', 'in', ACTIVE_USER_STATUSES)
          .where((eb) => eb.or(MAIN_USER_ROLES.map((role) => eb(eb.val(role), '=', eb.fn.any('roles')))))
          .execute();
  const params = { ...(outcome.notifyParams ?? {}) };
  for (const n of command.notify) {
    for (const user of await recipients(n.to)) {
      if (n.channel === 'notification') {
        // the notification table is per creditor user; an admin caller gets none, and a main user
        // is not told in the bell what they just did themselves (the snackbar said it)
        if (caller.isAdmin && n.to === 'caller') continue;
        if (n.to === 'mainUsers' && user.id === caller.userId) continue;
        await trx
          .insertInto('notification')
          .values({
            creditorId: creditor.id,
            userId: user.id,
            type: command.name,
            title: germanText(n.text!, params, creditor.product),
            message: outcome.history?.text ?? null,
            debtorId: historyDebtor,
            createdAt: now,
          })
          .execute();
      } else {
        await enqueueMail(trx, {
          creditorId: creditor.id,
          productType: creditor.product,
          recipient: user.email,
          template: n.template!,
          params,
        });
      }
    }
  }
}
