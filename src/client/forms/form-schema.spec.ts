import { describe, expect, it } from 'vitest';
import { enums } from '../../../generated/enums';
import { changePasswordForm } from '../../../generated/forms/change-password';
import { createCreditorForm } from '../../../generated/forms/create-creditor';
import { createDebtorForm } from '../../../generated/forms/create-debtor';
import { disableDoc2PortalInvoicesForm } from '../../../generated/forms/disable-doc2-portal-invoices';
import { uploadVoucherForm } from '../../../generated/forms/upload-voucher';
import {
  dropHidden,
  enumForField,
  fieldOfId,
  fieldOrder,
  initialData,
  requiredFields,
  valuesOf,
  translatedUiSchema,
  visibleFields,
  visibleSchema,
} from './form-schema';

// Keys stay visible as themselves, so the assertions show where each text comes from.
const translate = (key: string) => `«${key}»`;

describe('visibleFields', () => {
  it('shows the PDF/XML field for invoice-like voucher types and the PDF-only one for the others', () => {
    const invoice = visibleFields(uploadVoucherForm, initialData(uploadVoucherForm));
    expect(invoice.has('invoiceFiles')).toBe(true);
    expect(invoice.has('files')).toBe(false);
    const credit = visibleFields(uploadVoucherForm, { voucherType: 'credit_advice', deliveryType: 'post' });
    expect(credit.has('invoiceFiles')).toBe(false);
    expect(credit.has('files')).toBe(true);
  });

  it('shows the e-mail fields only for delivery by e-mail', () => {
    const post = visibleFields(uploadVoucherForm, { voucherType: 'invoice', deliveryType: 'post' });
    expect(['email', 'emailCopy', 'emailBlindCopy'].some((name) => post.has(name))).toBe(false);
    const mail = visibleFields(uploadVoucherForm, { voucherType: 'invoice', deliveryType: 'email' });
    expect(['email', 'emailCopy', 'emailBlindCopy'].every((name) => mail.has(name))).toBe(true);
  });

  it('treats an untouched checkbox as false', () => {
    expect(visibleFields(createCreditorForm, {}).has('creditorLimit')).toBe(true);
    expect(visibleFields(createCreditorForm, initialData(createCreditorForm)).has('creditorLimit')).toBe(
      false,
    );
  });

  it('hides a field whose controlling field is hidden itself', () => {
    const form = {
      ...createDebtorForm,
      conditions: { ...createDebtorForm.conditions, street: { dateOfBirth: ['2000-01-01'] } },
    };
    expect(visibleFields(form, { debtorType: 'business', dateOfBirth: '2000-01-01' }).has('street')).toBe(
      false,
    );
    expect(visibleFields(form, { debtorType: 'customer', dateOfBirth: '2000-01-01' }).has('street')).toBe(
      true,
    );
  });
});

describe('valuesOf', () => {
  it('takes the values of the form fields from a record', () => {
    const record = { id: 3, name: 'Müller GmbH', street: 'Hauptstr.', status: 'active', city: null };
    expect(valuesOf(createDebtorForm, record)).toEqual({ name: 'Müller GmbH', street: 'Hauptstr.' });
  });
});

describe('requiredFields and dropHidden', () => {
  it('requires conditional fields only while they show', () => {
    const business = visibleFields(createDebtorForm, { debtorType: 'business', deliveryType: 'post' });
    const required = requiredFields(createDebtorForm, business);
    expect(required.has('name')).toBe(true);
    expect(required.has('firstName')).toBe(false);
    expect(required.has('street')).toBe(true);
    expect(required.has('contactPerson')).toBe(false);
  });

  it('drops the values of hidden fields and empty values', () => {
    const data = { debtorType: 'business', name: 'Müller GmbH', firstName: 'Anna', city: undefined };
    expect(dropHidden(data, visibleFields(createDebtorForm, data))).toEqual({
      debtorType: 'business',
      name: 'Müller GmbH',
    });
  });
});

describe('visibleSchema', () => {
  it('holds only the shown fields, without $id, title and technical descriptions', () => {
    const visible = visibleFields(createCreditorForm, {});
    const schema = visibleSchema(createCreditorForm, visible);
    expect(schema.$id).toBeUndefined();
    expect(schema.title).toBeUndefined();
    expect(Object.keys(schema.properties)).toEqual(
      fieldOrder(createCreditorForm).filter((n) => visible.has(n)),
    );
    expect(schema.properties.turnover.description).toBeUndefined();
    expect(schema.properties.turnover.positive).toBe(true);
    expect(createCreditorForm.schema.$id).toBeDefined();
  });

  it('returns the same object for the same shown fields', () => {
    const a = visibleSchema(uploadVoucherForm, visibleFields(uploadVoucherForm, { voucherType: 'invoice' }));
    const b = visibleSchema(uploadVoucherForm, visibleFields(uploadVoucherForm, { voucherType: 'epod' }));
    const c = visibleSchema(uploadVoucherForm, visibleFields(uploadVoucherForm, { voucherType: 'deposit' }));
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });
});

describe('translatedUiSchema', () => {
  const ui = (data: Record<string, unknown>) => {
    const visible = visibleFields(uploadVoucherForm, data);
    return translatedUiSchema(
      uploadVoucherForm,
      visible,
      requiredFields(uploadVoucherForm, visible),
      translate,
    );
  };

  it('translates titles and help texts and marks optional fields', () => {
    const schema = ui({ voucherType: 'invoice', deliveryType: 'email' });
    expect(schema.voucherType['ui:title']).toBe('«fields.voucherType»');
    expect(schema.email['ui:title']).toBe('«forms.uploadVoucher.fields.email»');
    expect(schema.emailCopy['ui:title']).toBe('«fields.emailCopy» «ui.optional»');
    expect(schema.debtor['ui:help']).toBe('«forms.uploadVoucher.help.debtor»');
    expect(schema['ui:order']).not.toContain('files');
  });

  it('does not mark a read-only field optional (it only shows what the command acts on)', () => {
    const form = disableDoc2PortalInvoicesForm;
    const visible = visibleFields(form, {});
    const schema = translatedUiSchema(form, visible, requiredFields(form, visible), translate);
    expect(schema.username['ui:title']).toBe('«forms.disableDoc2PortalInvoices.fields.username»');
  });

  it('labels enumeration values from the catalogue', () => {
    const schema = ui({ voucherType: 'invoice', deliveryType: 'post' });
    expect(schema.deliveryType['ui:enumNames']).toEqual(
      enums.deliveryType.values.map((value) => `«${value.label}»`),
    );
  });

  it('masks password fields the YAML gives no widget', () => {
    const visible = visibleFields(changePasswordForm, {});
    const schema = translatedUiSchema(changePasswordForm, visible, visible, translate);
    expect(schema.oldPassword['ui:widget']).toBe('password');
    expect(schema.password['ui:title']).toBe('«fields.password»');
  });
});

describe('enumForField', () => {
  it('prefers the enumeration named like the field, else one with exactly these values', () => {
    expect(enumForField('deliveryType', ['email', 'post'])?.name).toBe('deliveryType');
    expect(enumForField('salutationOfContact', ['Herr', 'Frau'])?.name).toBe('salutation');
    expect(enumForField('anything', ['no such value'])).toBeUndefined();
    expect(enumForField('x', ['email'], 'deliveryType')?.name).toBe('deliveryType');
  });
});

describe('fieldOfId', () => {
  it('finds the top-level field of an element id', () => {
    const fields = ['files', 'invoiceFiles', 'email', 'emailCopy'];
    expect(fieldOfId('uploadVoucher_invoiceFiles', 'uploadVoucher', fields)).toBe('invoiceFiles');
    expect(fieldOfId('uploadVoucher_emailCopy', 'uploadVoucher', fields)).toBe('emailCopy');
    expect(fieldOfId('uploadVoucher_files_0', 'uploadVoucher', fields)).toBe('files');
    expect(fieldOfId('other', 'uploadVoucher', fields)).toBeUndefined();
  });
});
