import { expect } from 'vitest';
import { insertSlot } from '../../../db/testing/fixtures';
import type { MeasureSchedule } from '../../../domain/measure-schedule';
import { bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../../testing/booking-requests';
import { signedInAs } from '../../testing/signed-in-operator';
import type { TestApp } from '../../testing/test-app';

/**
 * The write side's client of repeat measures (issue 30), as a visitor and a clinic make one: a
 * booking confirmed at once (`booking` adds to the request: a language, a phone, WhatsApp),
 * its session `sessionIn` hours ahead (72), and the owner enrolling the client on `schedule` in
 * PHQ-9 with GAD-7 with the clock at `enrolledAt` (now), where the clock is left; with the
 * consent's text they were shown.
 */
export async function enrolledClient(
  t: TestApp,
  schedule: MeasureSchedule,
  options: { sessionIn?: number; enrolledAt?: Date; booking?: Record<string, unknown>; companyName?: string } = {},
) {
  const db = t.services.db;
  const screener = await insertBookableScreener(db, {}, { confirmVisitorEmail: false, autoConfirmRequests: true, companyName: options.companyName });
  const request = bookingRequest(screener, await insertSlot(db, screener.psychologistId, hoursFromNow(options.sessionIn ?? 72)), options.booking);
  const booked = await postBooking(t, request);
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const appointmentId = booked.body.appointmentId as string;
  const enrolledAt = options.enrolledAt ?? new Date();
  t.services.now = () => enrolledAt;
  const owner = await signedInAs(t, screener);
  const enrolment = await owner.rest('POST', `/api/appointments/${appointmentId}/measure-plan`, { instruments: 'phq9Gad7', schedule, clientConsented: true });
  expect(enrolment.status, JSON.stringify(enrolment.body)).toBe(201);
  return { screener, request, appointmentId, enrolledAt, owner, consentText: (enrolment.body as { consent: { text: string } }).consent.text };
}
