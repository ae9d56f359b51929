import type { ComponentType } from 'react';
import { resources } from '../../../generated/resources';
import { itemPath } from '../resources/resource-route';
import type { FormValues } from './form-schema';
import { IdentCheckResult } from './IdentCheckResult';

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
   * a command run first with the same data (schema/commands): its answer is shown, then the submit
   * confirms it — or "back" returns to the filled form
   */
  check?: { command: string; Result: ComponentType<CheckResultProps> };
  /** the path of the record the submit created, opened afterwards */
  opens?(response: Record<string, unknown>): string | undefined;
}

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
};
