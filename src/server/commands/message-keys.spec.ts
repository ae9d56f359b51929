import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commands } from '../../../generated/commands';
import { ApiError } from '../errors';
import { germanText } from './command-audit';
import { CommandRefusal } from './run-command';

// Every message key the server can answer with has German text in the catalogue (schema/texts):
// a key without one reached the user raw ("commands.wrongState"). The keys are collected from the
// source — every literal given to refuse(…), new ApiError(status, …) and new CommandRefusal(…), the
// refusal keys of the voucher rules — and from the command table (failure, success, denied).

const SERVER = join(process.cwd(), 'src', 'server');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(join(dir, entry.name))
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')
        ? [join(dir, entry.name)]
        : [],
  );

// a key is a word or dotted words (the XML prescan's own refuse('text too long') is no message key)
const PATTERNS = [
  /\brefuse\(\s*'([A-Za-z][\w.]*)'/g,
  /new ApiError\(\s*\d+\s*,\s*'([A-Za-z][\w.]*)'/g,
  /new CommandRefusal\(\s*\d+\s*,\s*[^,]+,\s*'([A-Za-z][\w.]*)'/g,
];
// refuse(`externalVoucher.${answer.reason}`): the booking system's answers (booking-system.ts)
const EXTERNAL_VOUCHER_REASONS = ['noValidInterfaceKey', 'fileMissingOrFaulty', 'transferFailed'];

function sourceKeys(): Map<string, string> {
  const keys = new Map<string, string>();
  for (const file of files(SERVER)) {
    // the e-invoice reader answers processing codes, not message keys (its own refuse() is a log text)
    if (file.includes(`${join('server', 'einvoice')}`)) continue;
    const text = readFileSync(file, 'utf8');
    for (const pattern of PATTERNS)
      for (const match of text.matchAll(pattern)) keys.set(match[1], file.slice(SERVER.length + 1));
    // the voucher rules answer why an action is refused as a key (type Refusal)
    if (file.endsWith('voucher.rules.ts'))
      for (const match of text.matchAll(/'((?:vouchers|commands)\.[A-Za-z]+)'/g)) keys.set(match[1], 'voucher.rules.ts');
    if (text.includes('refuse(`externalVoucher.${'))
      for (const reason of EXTERNAL_VOUCHER_REASONS) keys.set(`externalVoucher.${reason}`, file.slice(SERVER.length + 1));
  }
  return keys;
}

function tableKeys(): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [name, command] of Object.entries(commands)) {
    for (const key of [command.failure, command.success, command.denied]) if (key) keys.set(key, `command ${name}`);
  }
  return keys;
}

describe('message keys the server answers', () => {
  const keys = new Map([...tableKeys(), ...sourceKeys()]);

  it('finds the keys (the scan is not empty)', () => {
    expect(keys.size).toBeGreaterThan(100);
    expect(keys.has('commands.wrongState')).toBe(true);
    expect(keys.has('notFound')).toBe(true);
  });

  it('each has German text, whether answered by a refusal or as an ApiError', () => {
    const missing = [...keys]
      .filter(([key]) => germanText(key) === key || new ApiError(409, key).message === key)
      .map(([key, where]) => `${key} (${where})`);
    expect(missing).toEqual([]);
  });

  it('a refusal answers the text, never the key', () => {
    const refusal = new CommandRefusal(409, 'changesNotSaved', 'commands.wrongState');
    expect(refusal.message).toBe('Diese Aktion ist im aktuellen Zustand nicht möglich.');
    expect(new ApiError(409, 'commands.wrongState').message).toBe(refusal.message);
  });
});
