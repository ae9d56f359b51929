import type { ComponentType } from 'react';
import { resources } from '../../../generated/resources';
import type { CommandConfig } from '../../shared/config-types';
import { apiFetch } from '../data/http-client';
import { itemPath } from '../resources/resource-route';
import { callCommand } from './form-command';
import type { FormValues } from './form-schema';
import { type CompanionProps, EInvoicePreview } from './EInvoicePreview';
import { IdentCheckResult } from './IdentCheckResult';
import { StateOfAffairsImportHelp, StateOfAffairsImportPreview } from './StateOfAffairsImportPreview';

/** Props of the view that shows a check's answer before the submit. */
export interface CheckResultProps {
  /** the check command's answer */
  result: unknown;
  /** the form data it was run with */
  data: FormValues;
}

/** What a form does beyond "submit and close". */
export interface FormFlow {
  /**
   * a command run first with the same data (schema/commands; one taking the form, so the dialog's
   * table of the form's commands holds it): its answer is shown, then the submit confirms it — or
   * "back" returns to the filled form
   */
  check?: {
    command: string;
    Result: ComponentType<CheckResultProps>;
    /** whether the answer lets the submit go ahead (default: yes) — an import preview with errors does not */
    accepts?(result: unknown): boolean;
  };
  /** the path of the record the submit created, opened afterwards */
  opens?(response: Record<string, unknown>): string | undefined;
  /** a view above the fields that follows the input and may prefill fields (the upload's e-invoice preview) */
  Companion?: ComponentType<CompanionProps>;
  /**
   * the values the dialog starts with for a record, instead of the form's `prefill` (`selectedSubId`:
   * the sub item the route selects, a location of the debtor)
   */
  prefill?(record: Record<string, unknown>, selectedSubId?: string): FormValues | undefined;
  /**
   * sends the form instead of its single `submit` call (`initial`: what the dialog started with;
   * `idempotencyKey`: the submit's key — several calls derive one each from it; `commands`: the
   * commands taking the form, the dialog's table)
   */
  submit?(
    values: FormValues,
    target: Record<string, string | number | undefined>,
    initial: FormValues,
    idempotencyKey: string,
    commands: Record<string, CommandConfig>,
  ): Promise<unknown>;
}

/**
 * The upload dialog opened from a debtor's detail: that debtor, and the selected location when it is
 * an active one of it.
 *
 * @example uploadPrefill({ id: 12, locations: [{ id: 7, status: 'active' }] }, '7') // { debtor: 12, location: 7 }
 */
export function uploadPrefill(record: Record<string, unknown>, selectedSubId?: string): FormValues {
  const debtor = Number(record.id);
  if (!Number.isInteger(debtor) || debtor <= 0) return {};
  const locations = Array.isArray(record.locations) ? (record.locations as Record<string, unknown>[]) : [];
  const selected = locations.find(
    (l) => String(l.id) === selectedSubId && (l.status === 'active' || l.status === 'reactivated'),
  );
  return selected ? { debtor, location: Number(selected.id) } : { debtor };
}

/** An admin permission key (`creditor_registration`) of a tick of the adminPermissions form (`creditorRegistration`). */
export const adminPermissionKey = (field: string) => field.replace(/[A-Z]/g, (char) => `_${char.toLowerCase()}`);

const ADMIN_PERMISSION_FIELDS = ['creditorRegistration', 'creditorSapRegistration', 'creditorSetupFee', 'updateUser',
  'disableUser', 'resetUserPassword', 'editServiceFeePeriod', 'registrationMail', 'updateCreditorPermissions',
  'enableDoc2portal', 'blockCreditor', 'approveSepaUpdate', 'assignDebtor', 'viewActionLog'];

/**
 * Forms with more than one step, by form name. Creating a debtor is the ident check (POST
 * /csp/debtor), then POST /debtor/create with the same data (document 1 §2, §7); the created (or
 * matched) debtor opens. Not in the YAML yet, hence here.
 */
export const formFlows: Record<string, FormFlow> = {
  createDebtor: {
    check: { command: 'identCheck', Result: IdentCheckResult },
    opens: (response) =>
      response.debtorId == null ? undefined : itemPath(resources.debtors, String(response.debtorId)),
  },
  // the CSV is checked row by row first (nothing written), its rows and errors shown; only an
  // error-free file may be imported — "back" returns to the form to choose the corrected file
  stateOfAffairsImport: {
    check: {
      command: 'previewStateOfAffairsImport',
      Result: StateOfAffairsImportPreview,
      accepts: (result) => Boolean((result as { valid?: boolean } | null)?.valid),
    },
    Companion: StateOfAffairsImportHelp,
  },
  // the chosen e-invoice is read before the upload: what it says, and the own customer it names;
  // opened from a debtor ("upload invoice"), its pickers start with that debtor and the location
  // the route selects (the location picker itself takes the only one)
  uploadVoucher: { Companion: EInvoicePreview, prefill: uploadPrefill },
  // a permanent debt from a debtor's details: its pickers start with that debtor and the selected
  // location, as the upload's; from a permanent debt's details the form's own prefill (the same
  // debtor, location, subject and amounts)
  createPermanentDebt: {
    prefill: (record, selectedSubId) => (Array.isArray(record.locations) ? uploadPrefill(record, selectedSubId) : undefined),
  },
  // "create administrator or product administrator" (document 2 §2 "Admins"): the tick picks the
  // call — register-product-administrator with the product, else register-administrator
  createAdminUser: {
    submit: (values, _target, _initial, key, commands) =>
      callCommand(commands[values.productAdmin ? 'registerProductAdministrator' : 'registerAdministrator'], {}, values, key),
  },
  // the admin's permissions as ticks, prefilled with the granted ones; every changed tick is one
  // add-permission or remove-permission call (the server checks each; document 2 §7)
  adminPermissions: {
    prefill: (record) => {
      const granted = Array.isArray(record.permissions) ? record.permissions.map(String) : [];
      return Object.fromEntries(ADMIN_PERMISSION_FIELDS.map((field) => [field, granted.includes(adminPermissionKey(field))]));
    },
    submit: async (values, target, initial, key) => {
      for (const field of ADMIN_PERMISSION_FIELDS) {
        const wanted = Boolean(values[field]);
        if (wanted === Boolean(initial[field])) continue;
        // one key per call: a retried submit replays the calls that went through and sends the rest
        await apiFetch(`/user-management/command/administrator/${wanted ? 'add' : 'remove'}-permission`, {
          method: 'POST',
          body: { userIdentifier: Number(target.id), permission: adminPermissionKey(field) },
          idempotencyKey: `${key}-${field}`,
        });
      }
      return {};
    },
  },
};
