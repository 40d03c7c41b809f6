import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useI18nContext } from '../../i18n/i18n-react';
import { type BookedAppointment, BookingReceived } from '../booking/BookingReceived';
import { PaidHoldPayment } from '../booking/PaidHoldPayment';
import { paymentPageToken } from '../booking/payment-page-link';
import { browserTimeZone } from '../lib/slot-times';
import { tabStorage } from '../lib/tab-storage';

/**
 * Minda's own page for a paid hold's payment, which the embed opens in a pop-up (docs/decisions/0062):
 * here Stripe.js runs top-level, so FPX's and GrabPay's redirect leaves and comes back on Minda's
 * origin. The token arrives in the fragment and leaves the address bar at once; the tab keeps it
 * for the return. Once Stripe's webhook books the hold, the page says so, as the frame does.
 */
export default function BookingPaymentPage() {
  const { LL } = useI18nContext();
  const appointmentId = useParams().appointmentId ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => paymentPageToken(new URL(window.location.href), appointmentId, tabStorage()));
  const [booked, setBooked] = useState<BookedAppointment | null>(null);
  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location, navigate]);

  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col gap-3 p-4">
        <section className="card w-full bg-base-100 shadow" aria-labelledby="payment-page-title">
          <div className="card-body gap-3">
            <h1 id="payment-page-title" className="card-title text-2xl">
              {LL.booking.payment.pageTitle()}
            </h1>
            {token ? (
              <PaidHoldPayment
                hold={{ appointmentId, token }}
                onSettled={({ psychologistName, status, startUtc, endUtc, place }) =>
                  // Never a hold here, so the e-mail a hold would name is not needed (nor known to this page).
                  setBooked({ psychologistName, status, startUtc, endUtc, place, holdExpiresAt: null, timezone: browserTimeZone(), email: '' })
                }
              />
            ) : (
              <p role="alert" className="alert alert-warning">
                {LL.booking.payment.pageWithoutToken()}
              </p>
            )}
          </div>
        </section>
      </main>
      {/* Opened by script, so the page may close itself. */}
      {booked && <BookingReceived booking={booked} onClose={() => window.close()} />}
    </div>
  );
}
