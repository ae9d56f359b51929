import { useGetIdentity } from 'ra-core';

/**
 * Why the own creditor may not run a command now, as a catalogue key: the command accepts only some
 * creditor states (its `creditorStatus` in schema/commands, e.g. [active] for uploads, new customers
 * and permanent debts) and the creditor is in another (blocked, terminated). The server refuses such
 * a command anyway; the button says so before the form is filled (issue 28). Undefined: no lock known.
 *
 * @example const locked = useCreditorLock(commandOfForm(forms.createDebtor)?.creditorStatus); // 'messages.creditorStatus.lockedReason.blocked'
 */
export function useCreditorLock(allowedStates: readonly string[] | undefined): string | undefined {
  const { identity } = useGetIdentity();
  return creditorLockReason(identity?.creditorStatus as string | null | undefined, allowedStates);
}

/** @example creditorLockReason('terminated', ['active']) // 'messages.creditorStatus.lockedReason.terminated' */
export function creditorLockReason(status: string | null | undefined, allowedStates: readonly string[] | undefined): string | undefined {
  if (!status || !allowedStates?.length || allowedStates.includes(status)) return undefined;
  return `messages.creditorStatus.lockedReason.${status}`;
}
