import { enums } from '../../../../generated/enums';
import type { NewDebtor, NewLocation, NewVoucher } from '../schema';
import { ACTION_TYPES } from './catalog.data';
import { add, type CreditorContext } from './seed-context';
import { germanIban, shiftDate } from './seed-random';
import { notAfter } from './creditor-area.factory';

/** An administrator who creates or decides requests and cases. */
export interface Staff {
  id: number;
  email: string;
}

const at = (date: string, hour = 10) => `${date}T${String(hour).padStart(2, '0')}:30:00Z`;
const IDENTIFICATION_REASONS = enums.identificationReason.values.map((v) => String(v.value));
const LIMIT_CODES = {
  business: enums.limitReasonCodeBusiness.values.map((v) => String(v.value)),
  customer: enums.limitReasonCodeCustomer.values.map((v) => String(v.value)),
};
const ASSIGNMENT_STATUSES = enums.debtorAssignmentStatus.values.map((v) => String(v.value));
const SEPA_STATUSES = enums.sepaUpdateRequestStatus.values.map((v) => String(v.value));

/**
 * Stored ident-check results not yet turned into a debtor (GET open-debtor-decisions-debtor): a new
 * location of a known debtor, a new business debtor, and a private customer that needs a manual
 * assignment, with limit colour, reason codes and blacklist hits.
 */
export function addPendingDecisions(
  ctx: CreditorContext,
  debtors: NewDebtor[],
  locations: NewLocation[],
  count: number,
): number[] {
  const { f, today } = ctx;
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 3;
    const known = kind === 0 ? f.helpers.arrayElement(debtors) : undefined;
    const isBusiness = kind !== 2;
    const firstName = f.person.firstName();
    const lastName = f.person.lastName();
    const location = known ? locations.find((l) => l.debtorId === known.id) : undefined;
    const color = f.helpers.arrayElement(['green', 'green', 'yellow', 'red']);
    const id = ctx.ids.next('pendingDebtorDecision');
    ids.push(id);
    add(ctx.sink, 'pendingDebtorDecision', {
      id,
      creditorId: ctx.creditorId,
      userId: ctx.mainUserId,
      debtorId: known?.id ?? null,
      locationId: null,
      hasBlacklistEntry: color === 'red' && i % 2 === 0,
      isNewLocation: kind === 0,
      requiresDebtorAssignment: kind === 2,
      identificationReason: f.helpers.arrayElement(IDENTIFICATION_REASONS),
      newDebtorLimit: color === 'red' ? 0 : f.helpers.arrayElement([250_000, 500_000, 1_000_000, 2_500_000]),
      newDebtorLimitColor: color,
      reasonCodes:
        color === 'green'
          ? []
          : [f.helpers.arrayElement(isBusiness ? LIMIT_CODES.business : LIMIT_CODES.customer)],
      limitName: known?.name ?? (isBusiness ? f.company.name() : `${firstName} ${lastName}`),
      limitStreet: known?.street ?? f.location.street(),
      limitHouse: known?.house ?? f.location.buildingNumber(),
      limitZip: known?.zip ?? location?.zip ?? '10115',
      limitCity: known?.city ?? location?.city ?? 'Berlin',
      requestIsBusiness: isBusiness,
      requestName: known?.name ?? (isBusiness ? f.company.name() : `${firstName} ${lastName}`),
      requestContact: isBusiness ? `${firstName} ${lastName}` : null,
      requestStreetAndHouse: `${f.location.street()} ${f.location.buildingNumber()}`,
      requestZip: location?.zip ?? '10115',
      requestCity: location?.city ?? 'Berlin',
      requestDateOfBirth: isBusiness ? null : shiftDate(today, -f.number.int({ min: 8000, max: 25000 })),
      requestEmail: `${firstName}.${lastName}@example.org`.toLowerCase(),
      requestPhone: `0${f.string.numeric(3)} ${f.string.numeric(6)}`,
      createdAt: at(shiftDate(today, -i - 1)),
    });
  }
  return ids;
}

/**
 * Manual debtor-assignment cases for vouchers whose debtor document processing could not identify,
 * in every status; decided cases name the admin and the debtor and location chosen.
 */
export function addDebtorAssignments(
  ctx: CreditorContext,
  vouchers: NewVoucher[],
  locations: NewLocation[],
  staff: Staff[],
  pendingDecisionIds: number[],
): void {
  const { f, today } = ctx;
  vouchers.forEach((voucher, i) => {
    const status = ASSIGNMENT_STATUSES[(i + ctx.creditorId) % ASSIGNMENT_STATUSES.length];
    const decided = ['accepted', 'declined', 'done'].includes(status);
    const target = status === 'declined' ? undefined : f.helpers.arrayElement(locations);
    const created = at(shiftDate(today, -f.number.int({ min: 1, max: 20 })));
    add(ctx.sink, 'debtorAssignment', {
      creditorId: ctx.creditorId,
      status,
      voucherId: voucher.id!,
      pendingDecisionId: pendingDecisionIds[i] ?? null,
      manualDecisionReason: f.helpers.arrayElement([
        'Mehrere Kunden mit ähnlicher Anschrift gefunden',
        'Anschrift weicht von der Limitanschrift ab',
        'Kundennummer nicht eindeutig',
      ]),
      requestDate: created,
      normalizedName: target?.name ?? f.company.name(),
      normalizedStreet: target?.street ?? f.location.street(),
      normalizedHouse: target?.house ?? f.location.buildingNumber(),
      normalizedZip: target?.zip ?? '10115',
      normalizedCity: target?.city ?? 'Berlin',
      limitName: target?.addressName ?? null,
      limitStreet: target?.street ?? null,
      limitHouse: target?.house ?? null,
      limitZip: target?.zip ?? null,
      limitCity: target?.city ?? null,
      assignedDebtorId: decided && target ? target.debtorId : null,
      assignedLocationId: decided && target ? target.id : null,
      decidedByUserId: decided ? staff[i % staff.length].id : null,
      decidedAt: decided ? new Date(Date.parse(created) + 86_400_000).toISOString() : null,
      createdAt: created,
    });
  });
}

/** A SEPA update request of the creditor in `status`, created by one admin and decided by another. */
export function addSepaRequest(ctx: CreditorContext, staff: Staff[], status: string): void {
  const { f, today } = ctx;
  const creator = staff[ctx.creditorId % staff.length];
  const decider = staff[(ctx.creditorId + 1) % staff.length];
  const created = at(shiftDate(today, -f.number.int({ min: 1, max: 40 })));
  add(ctx.sink, 'sepaUpdateRequest', {
    creditorId: ctx.creditorId,
    status,
    accountOwner: f.company.name(),
    iban: germanIban(f),
    startSepaDate: shiftDate(today, f.number.int({ min: 5, max: 30 })),
    creatorUserId: creator.id,
    createdAt: created,
    decisionAt: status === 'in_review' ? null : new Date(Date.parse(created) + 2 * 86_400_000).toISOString(),
    decisionUserId: status === 'in_review' ? null : decider.id,
  });
}

export const sepaStatusFor = (index: number) => SEPA_STATUSES[index % SEPA_STATUSES.length];

/** Action-log entries of the creditor's users and of admins acting on the creditor. */
export function addActionLog(
  ctx: CreditorContext,
  staff: Staff[],
  vouchers: NewVoucher[],
  debtors: NewDebtor[],
  count: number,
  sapNumber: string,
): void {
  const { f, today } = ctx;
  for (let i = 0; i < count; i++) {
    const actionType = ACTION_TYPES[(i * 5 + ctx.creditorId) % ACTION_TYPES.length];
    const byAdmin =
      actionType.startsWith('creditor_') || actionType.startsWith('sepa_update_a') || i % 5 === 4;
    const admin = staff[i % staff.length];
    const voucher =
      actionType.startsWith('voucher') || actionType === 'dunning_block'
        ? f.helpers.arrayElement(vouchers)
        : undefined;
    const debtor = voucher
      ? debtors.find((d) => d.id === voucher.debtorId)
      : actionType.startsWith('debtor') || actionType === 'limit_increase'
        ? f.helpers.arrayElement(debtors)
        : undefined;
    add(ctx.sink, 'actionLogEntry', {
      userId: byAdmin ? admin.id : ctx.mainUserId,
      actionType,
      productType: ctx.product,
      payload: JSON.stringify(
        voucher ? { voucherId: voucher.id, amount: voucher.amount } : debtor ? { debtorId: debtor.id } : {},
      ),
      adminEmail: byAdmin ? admin.email : null,
      userEmail: ctx.userEmails[0],
      creditorId: ctx.creditorId,
      creditorIdentifier: ctx.identifier,
      debtorIdentifier: debtor?.identifier ?? '',
      voucherIdentifier: voucher ? String(voucher.id) : '',
      creditorSapNumber: sapNumber,
      debtorSapNumber: debtor?.sapNumber ?? '',
      voucherReference: voucher?.customNumber ?? '',
      voucherSapNumber: voucher?.sapNumber ?? '',
      transactionKey: f.string.uuid(),
      // never after the seed ran: an entry dated later today sorted above every real action (issue 28)
      createdAt: notAfter(at(shiftDate(today, -f.number.int({ min: 0, max: 90 })), 7 + (i % 11)), ctx.now),
    });
  }
}
