import { describe, expect, it } from 'vitest';
import { i18nObject } from '../i18n/i18n-util';
import { loadAllLocales } from '../i18n/i18n-util.sync';
import { paymentWords, refundPolicyWords, type VisitorPayment } from './payment-words';

loadAllLocales();
const en = i18nObject('en');
const ms = i18nObject('ms');

const paid: VisitorPayment = {
  amountSen: 5050,
  status: 'succeeded',
  method: 'fpx',
  refundedSen: 0,
  refundPendingSen: 0,
  refundIfCancelledNowSen: 5050,
  keptIfCancelledNowSen: 0,
  policy: { fullRefundUntilHours: 24, lateCancelKeepsSen: 2000 },
};

describe('paymentWords', () => {
  it('names the amount, the method and what a cancel gives back now, in the visitor’s language', () => {
    expect(paymentWords(en, paid)).toEqual({ paid: 'RM50.50 by FPX online banking', refunded: null, refundPending: null, ifCancelledNow: 'If you cancel now, RM50.50 comes back to you.' });
    expect(paymentWords(ms, { ...paid, method: 'card' }).paid).toBe('RM50.50 melalui kad');
  });

  it('tells what came back already, and that a cancel now gives nothing back', () => {
    const words = paymentWords(en, { ...paid, refundedSen: 3050, refundIfCancelledNowSen: 0, keptIfCancelledNowSen: 0 });
    expect(words.refunded).toBe('Refunded so far: RM30.50');
    expect(words.ifCancelledNow).toBe('If you cancel now, nothing comes back.');
  });

  it('does not call refunded what the payment service has yet to make, in both languages', () => {
    const asked = { ...paid, refundedSen: 2000, refundPendingSen: 3050, refundIfCancelledNowSen: null, keptIfCancelledNowSen: null };
    expect(paymentWords(en, asked)).toMatchObject({
      refunded: 'Refunded so far: RM20.00',
      refundPending: 'Being refunded: RM30.50. The payment service has yet to confirm the refund; it then reaches you within a few working days.',
    });
    expect(paymentWords(ms, { ...asked, refundedSen: 0 })).toMatchObject({
      refunded: null,
      refundPending: 'Sedang dikembalikan: RM30.50. Perkhidmatan pembayaran belum mengesahkan bayaran balik ini; selepas itu ia sampai kepada anda dalam beberapa hari bekerja.',
    });
  });

  it('tells what the policy keeps of a cancel inside the notice, and what comes back, in both languages', () => {
    const late = { ...paid, refundIfCancelledNowSen: 3050, keptIfCancelledNowSen: 2000 };
    expect(paymentWords(en, late).ifCancelledNow).toBe('If you cancel now, the clinic keeps RM20.00, as its refund policy says, and RM30.50 comes back to you.');
    expect(paymentWords(ms, late).ifCancelledNow).toBe(
      'Jika anda membatalkan sekarang, klinik menyimpan RM20.00, seperti yang dinyatakan oleh polisi bayaran baliknya, dan RM30.50 akan dikembalikan kepada anda.',
    );
    expect(paymentWords(en, { ...late, refundIfCancelledNowSen: 0, keptIfCancelledNowSen: 5050 }).ifCancelledNow).toBe(
      'If you cancel now, the clinic keeps RM50.50, as its refund policy says, and nothing comes back.',
    );
  });

  it('says nothing of a cancel that is not possible now, and does not call a pending payment paid', () => {
    const words = paymentWords(en, { ...paid, status: 'pending', method: null, refundIfCancelledNowSen: null, keptIfCancelledNowSen: null });
    expect(words.paid).toBe('RM50.50, waiting for the payment service to confirm it');
    expect(words.ifCancelledNow).toBeNull();
  });
});

describe('refundPolicyWords', () => {
  it('states the notice and what a late cancel keeps', () => {
    expect(refundPolicyWords(en, paid.policy)).toEqual([
      'Cancel more than 24 hours before the session and everything you paid comes back.',
      'A later cancel, or not coming, keeps RM20.00 of it; the rest comes back.',
    ]);
    expect(refundPolicyWords(ms, { fullRefundUntilHours: 24, lateCancelKeepsSen: 0 })[1]).toBe('Pembatalan kemudian, atau tidak hadir, tetap mendapat semua wang kembali.');
  });
});
