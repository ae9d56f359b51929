import { describe, expect, it } from 'vitest';
import { forms } from '../../../generated/forms';
import { uploadVoucherForm } from '../../../generated/forms/upload-voucher';
import { UPLOAD_KEY } from '../layout/navigation';
import { flaggedForms, openedForm, withoutParam, withParam } from './form-flags';

describe('query flags', () => {
  it('knows every form that has a flag, each flag once', () => {
    const flags = Object.values(forms).flatMap((form) => (form.queryFlag ? [form.queryFlag] : []));
    expect(new Set(flags).size).toBe(flags.length);
    expect(Object.keys(flaggedForms).sort()).toEqual([...flags].sort());
    expect(flaggedForms.uploadVoucher.name).toBe('uploadVoucher');
    // the sidebar's upload entry reads this form's permission without loading every form
    expect(flaggedForms[UPLOAD_KEY]).toBe(uploadVoucherForm);
  });

  it('opens the flagged form, with an id when the flag carries one', () => {
    expect(openedForm('?page=2&changePassword=true')).toMatchObject({ flag: 'changePassword', target: {} });
    expect(openedForm('?blockCreditor=17')).toMatchObject({ flag: 'blockCreditor', target: { id: '17' } });
    expect(openedForm('?changePassword=false')).toBeNull();
    expect(openedForm('?page=2')).toBeNull();
  });

  it('adds and removes a flag, keeping the other parameters', () => {
    expect(withParam('?page=2', 'uploadVoucher')).toBe('?page=2&uploadVoucher=true');
    expect(withoutParam('?page=2&uploadVoucher=true', 'uploadVoucher')).toBe('?page=2');
    expect(withoutParam('?uploadVoucher=true', 'uploadVoucher')).toBe('');
  });
});
