import type { FastifyInstance, FastifyRequest } from 'fastify';
import { commandRoutes, commands } from '../../../generated/commands';
import type { CommandConfig } from '../../shared/config-types';
import type { AppDeps } from '../app';
import { handlers } from '../domain';
import { ApiError } from '../errors';
import { hasControlCharacter } from '../plugins/input-hardening';
import { withErrors } from '../routes/route-schemas';
import { germanText } from './command-audit';
import { formBodyLimit } from './body-limit';
import { acceptMultipartBodies } from './multipart-body';
import { hasTargetLoader } from './targets';
import { runCommand } from './run-command';
import { idempotencyOf, ReplayedAnswer, sendReplay } from './idempotency';

/**
 * Text with control characters (a NUL cannot even be stored) is refused before anything else:
 * 400 `validationError` with a German text, as the schema's own refusals. The input-hardening
 * plugin checks every JSON body already; this runs after a multipart body has been read into
 * fields, and words the refusal in the caller's product.
 */
async function refuseControlCharacters(request: FastifyRequest): Promise<void> {
  if (hasControlCharacter(request.body)) {
    throw new ApiError(400, 'validationError', germanText('invalidCharacters', {}, request.user?.product));
  }
}

/** Which command of a shared route a body selects: the first whose `selectBy` field it has, else the plain one. */
export function selectCommand(names: string[], body: Record<string, unknown> | undefined): CommandConfig {
  const list = names.map((name) => commands[name]);
  const chosen = list.find((c) => c.selectBy && body && body[c.selectBy] !== undefined) ?? list.find((c) => !c.selectBy);
  if (!chosen) throw new Error(`no command of ${names.join(', ')} takes this body`);
  return chosen;
}

/**
 * How the request names the command's target: the path's `{id}`, a body id field (`targetBy`), or
 * a path parameter holding another unique key of the target (`targetKey`: the creditor's `{sap}`).
 */
export function targetOf(
  command: CommandConfig,
  request: { params: Record<string, unknown>; body?: Record<string, unknown> | null },
): { id?: number; key?: { field: string; value: string } } {
  if (command.targetKey) return { key: { field: command.targetKey.field, value: String(request.params[command.targetKey.param]) } };
  if (command.targetBy) return { id: Number(request.body?.[command.targetBy]) };
  return { id: request.params.id as number | undefined };
}

/**
 * Every problem of the command table against the code: a command without handler, a handler
 * without command, a target without loader. Checked at start-up (and by a unit test).
 */
export function commandTableProblems(): string[] {
  const problems: string[] = [];
  for (const c of Object.values(commands)) {
    if (!handlers[c.name]) problems.push(`command '${c.name}' has no handler in src/server/domain/${c.area}/`);
    if (c.target && !hasTargetLoader(c.target)) problems.push(`command '${c.name}': no loader for target entity '${c.target.entity}'`);
  }
  for (const name of Object.keys(handlers)) if (!commands[name]) problems.push(`handler '${name}' has no command in schema/commands/`);
  return problems;
}

/**
 * Registers one route per entry of the generated command table (schema/commands): the generated
 * schema validates body and path and feeds OpenAPI; the pipeline does the rest. Adding a command is
 * a YAML entry plus one handler — nothing here changes.
 */
export async function commandsRoutes(app: FastifyInstance, { db, adapters, clock }: AppDeps): Promise<void> {
  const problems = commandTableProblems();
  if (problems.length) throw new Error(`command table:\n${problems.join('\n')}`);
  // forms with files (submit.contentType: multipart) post multipart; their files become data URLs
  await acceptMultipartBodies(app);
  for (const route of commandRoutes) {
    const isEntity = JSON.stringify((route.schema.response as Record<string, unknown>)[200]).includes('"$ref"');
    // a route is public when its commands are (checked by the generator: none shares a route with a non-public one)
    const isPublic = route.commands.every((name) => commands[name].public);
    // a public command's body is never larger than its form at its longest (413 beyond)
    const body = (route.schema as { body?: Record<string, unknown> }).body;
    const bodyLimit = isPublic && body ? formBodyLimit(body) : undefined;
    app.route<{ Params: { id?: number } & Record<string, unknown>; Body: Record<string, unknown> }>({
      method: route.method,
      url: route.url,
      config: { public: isPublic, writes: true, access: { kind: 'command', commands: route.commands } },
      ...(bodyLimit ? { bodyLimit } : {}),
      schema: {
        ...withErrors(route.schema as { response: Record<string, unknown> }),
        ...(isPublic ? { security: [] } : {}),
      },
      preValidation: refuseControlCharacters,
      handler: async (request, reply) => {
        const command = selectCommand(route.commands, request.body);
        const answer = await runCommand({
          db,
          adapters,
          command,
          handler: handlers[command.name],
          request,
          input: request.body ?? {},
          ...targetOf(command, request),
          params: request.params,
          now: clock(),
          // public commands have no user to keep a key for (idempotencyOf answers null)
          idempotency: isPublic ? null : idempotencyOf(request),
          present: (response) =>
            isEntity ? response : { success: true, message: germanText(command.success, {}, request.user?.product), ...response },
        });
        if (answer instanceof ReplayedAnswer) return sendReplay(reply, answer);
        return answer;
      },
    });
  }
}
