import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { permissionTables } from '../../../generated/permissions';
import type { CommandConfig } from '../../shared/config-types';
import type { Adapters } from '../adapters';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { permissionContextOf, permissions } from '../plugins/permissions';
import { grantedAdminPermissions } from '../routes/admin/admin-access';
import { germanText, writeAudit } from './command-audit';
import type { Caller, CommandCreditor, CommandHandler, CommandOutcome, LoadedTarget } from './command.types';
import { claimKey, type IdempotencyClaim, type ReplayedAnswer, storeAnswer } from './idempotency';
import { loadTarget, setTargetState, targetIdByKey } from './targets';

const ADMIN_ROLES = new Set(permissionTables.roleGroups.admins);
const PRODUCT_ADMIN = 'ROLE_PRODUCT_ADMIN';
const SUPER_ADMIN = 'ROLE_SUPER_ADMIN';

/**
 * A refusal inside the pipeline or a handler. Answered as `{ statusCode, code: <the command's
 * failure key>, reason: <why>, message: <German text of why> }`; the transaction is rolled back.
 */
export class CommandRefusal extends ApiError {
  constructor(
    statusCode: number,
    code: string,
    reason: string,
    params: Record<string, unknown> = {},
    product?: string,
    field?: string,
  ) {
    super(statusCode, code, germanText(reason, params, product));
    this.reason = reason;
    if (field) this.field = `body/${field}`;
  }
}

/**
 * The adapters as a handler sees them: a failing back-office call (credit agency down, booking
 * system refusing) becomes a 503 with the command's failure text — the transaction is rolled back,
 * so nothing the command wrote before stays. The original error goes to the log.
 */
function guardAdapters(adapters: Adapters, command: CommandConfig, request: FastifyRequest): Adapters {
  const guard = <T extends object>(system: string, target: T): T =>
    new Proxy(target, {
      get(object, key, receiver) {
        const value = Reflect.get(object, key, receiver);
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          try {
            return await value.apply(object, args);
          } catch (error) {
            if (error instanceof ApiError) throw error;
            request.log.error({ err: error, command: command.name }, `${system} failed`);
            throw new CommandRefusal(503, command.failure, 'commands.backOfficeUnavailable', {}, request.user?.product);
          }
        };
      },
    });
  return {
    creditAgency: guard('credit agency', adapters.creditAgency),
    bookingSystem: guard('booking system', adapters.bookingSystem),
    mailer: guard('mailer', adapters.mailer),
  };
}

export interface RunCommandInput {
  db: Kysely<Database>;
  adapters: Adapters;
  command: CommandConfig;
  handler: CommandHandler;
  request: FastifyRequest;
  /** the validated body (empty for GET and DELETE) */
  input: Record<string, unknown>;
  /** the path's {id}, when the command has a target */
  id?: number;
  /** instead of `id`: the target's unique key and its value (`targetKey`: sapNumber = '4711') */
  key?: { field: string; value: string };
  /** every path parameter ({approvalId} of a command without target) */
  params?: Record<string, unknown>;
  now: Date;
  /** the request's Idempotency-Key claim (idempotency.ts); claimed first thing in the transaction */
  idempotency?: IdempotencyClaim | null;
  /** the answer's body as sent (and kept for a replay); default: the handler's response */
  present?: (response: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * A public command (`public: true`: the forgotten password) runs without a login: no role,
 * permission, tenant or creditor checks; the handler finds what it acts on itself, the caller is
 * anonymous (action log without user), and it runs in one transaction like every other.
 */
async function runPublicCommand(run: RunCommandInput): Promise<Record<string, unknown>> {
  const { db, command, now } = run;
  const refuse = (reason: string, status = 409, params: Record<string, unknown> = {}, field?: string): never => {
    throw new CommandRefusal(status, command.failure, reason, params, undefined, field);
  };
  return db.transaction().execute(async (trx) => {
    const caller: Caller = { userId: null, email: '', roles: [], creditorId: null, product: '', isAdmin: false };
    const outcome: CommandOutcome =
      (await run.handler({
        trx,
        command,
        input: run.input,
        params: run.params ?? {},
        caller,
        creditor: null,
        target: null,
        // a public command's back office fails like any other's: 503, nothing kept
        adapters: guardAdapters(run.adapters, command, run.request),
        now,
        allowed: async () => false,
        refuse,
      })) ?? {};
    await writeAudit(trx, { command, caller, creditor: null, target: null, input: run.input, outcome, now });
    return outcome.response ?? {};
  });
}

/**
 * The one pipeline every command goes through: authentication (done by the auth hook) → role and
 * effective permission → target loaded and locked inside the caller's tenant (another creditor's
 * id is 404) → creditor status guard → state guard → four-eyes → the handler → the target's new
 * state → history, action log and notifications — all in one transaction. Any refusal or error
 * leaves the database unchanged.
 *
 * @example await runCommand({ db, adapters, command: commands.updateDebtor, handler, request, input: body, id: 12, now: new Date() })
 */
export async function runCommand(run: RunCommandInput): Promise<Record<string, unknown> | ReplayedAnswer> {
  const { db, command, request, now } = run;
  const present = run.present ?? ((response) => response);
  if (command.public) return present(await runPublicCommand(run));
  const refuse = (reason: string, status = 409, params: Record<string, unknown> = {}, field?: string): never => {
    throw new CommandRefusal(status, command.failure, reason, params, request.user.product, field);
  };
  const user = request.user;
  const isAdmin = user.roles.some((role) => ADMIN_ROLES.has(role));

  // A product preview looks, whatever the method (issue 26: the spec's GET-shaped commands too).
  if (user.preview) refuse('previewReadOnly', 403);
  // Role, then the effective permission of the caller — before anything is read.
  if (!user.roles.some((role) => command.roles.includes(role))) refuse(command.denied ?? 'forbidden', 403);
  // What an administrator acting as the user may take is the command's YAML (`impersonation`).
  if (user.impersonatedBy && command.impersonation !== 'allowed') refuse('commands.impersonationRefused', 403);
  const permissionContext = await permissionContextOf(db, request);
  const allowed = async (path: string) => permissions.isAllowed(path, permissionContext);
  if (!isAdmin && command.permission && !(await allowed(command.permission))) refuse('forbidden', 403);
  if (isAdmin && command.adminPermission) {
    const granted = command.adminPermission === 'superAdmin' ? [] : await grantedAdminPermissions(db, request);
    if (!permissions.hasAdminPermission(command.adminPermission, user.roles, granted)) refuse('forbidden', 403);
  }
  const tenant = isAdmin ? null : user.creditorId;
  if (!isAdmin && tenant == null) refuse('forbidden', 403);

  return db.transaction().execute(async (trx) => {
    // The same Idempotency-Key again: the first answer, before any check of the (changed) state.
    const claim = run.idempotency;
    if (claim) {
      const replay = await claimKey(trx, claim, now, request);
      if (replay) return replay;
    }
    const me = await trx.selectFrom('appUser').select(['email']).where('id', '=', user.id).executeTakeFirst();
    const caller: Caller = {
      userId: user.id,
      email: me?.email ?? user.username,
      roles: user.roles,
      creditorId: user.creditorId,
      product: user.product,
      isAdmin,
      ...(user.adminEmail ? { adminEmail: user.adminEmail } : {}),
    };

    let target: LoadedTarget | null = null;
    if (command.target) {
      const id = run.key ? await targetIdByKey(trx, command.target, run.key.field, run.key.value, tenant) : run.id;
      target = id == null ? null : ((await loadTarget(trx, command.target, id, tenant)) ?? null);
      // another creditor's record is "not found": a 403 would reveal that the id exists
      if (!target) refuse('notFound', 404);
    }
    const creditorId = target?.creditorId ?? tenant;
    let creditor: CommandCreditor | null = null;
    if (creditorId != null) {
      creditor = (await trx
        .selectFrom('creditor')
        .select(['id', 'identifier', 'status', 'product', 'sapNumber'])
        .where('id', '=', creditorId)
        .executeTakeFirst()) ?? null;
      if (!creditor) refuse('notFound', 404);
      // a product administrator acts only on creditors of the own product
      if (isAdmin && user.roles.includes(PRODUCT_ADMIN) && !user.roles.includes(SUPER_ADMIN) && creditor!.product !== user.product) {
        refuse('notFound', 404);
      }
      if (!command.creditorStatus.includes(creditor!.status)) refuse('creditorStatus.actionNotAllowed', 403);
    }
    if (target && command.from && !command.from.includes(target.state)) refuse('commands.wrongState', 409);
    if (target && !command.allowSelfApproval && target.requestedBy === caller.userId) refuse('commands.selfApproval', 403);

    const outcome: CommandOutcome =
      (await run.handler({
        trx,
        command,
        input: run.input,
        params: run.params ?? {},
        caller,
        creditor,
        target,
        adapters: guardAdapters(run.adapters, command, request),
        now,
        allowed,
        refuse,
      })) ?? {};

    if (target && command.target && command.to !== undefined && command.to !== target.state) {
      await setTargetState(trx, command.target, target, command.to, now);
    }
    await writeAudit(trx, { command, caller, creditor, target, input: run.input, outcome, now });
    const body = present(outcome.response ?? {});
    // kept in the same transaction: the answer exists exactly when the command's effect does
    if (claim) await storeAnswer(trx, claim, 200, body);
    return body;
  });
}
