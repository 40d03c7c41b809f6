import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { LocaleProvider, WithNamespaces } from './components/LocaleProvider';
import { PageLoading } from './components/PageLoading';
import { Toaster } from './components/toast';
import type { Namespaces } from '../i18n/i18n-types';
import { lazyWithPreload } from './lib/lazy-with-preload';
import { createQueryClient, createTrpcClient, trpc } from './lib/trpc';

/** A page whose texts live in dictionary namespaces: its chunk and its texts arrive side by side. */
function lazyPageWithTexts(load: () => Promise<{ default: ComponentType }>, namespaces: readonly Namespaces[]) {
  const Page = lazyWithPreload(load);
  return function PageWithTexts() {
    // The page's code arrives while its texts do.
    useEffect(() => {
      void Page.preload();
    }, []);
    return (
      <WithNamespaces namespaces={namespaces} fallback={<PageLoading />}>
        <Page />
      </WithNamespaces>
    );
  };
}

// Every page is its own chunk: a visitor on a screener never downloads admin or payment code,
// nor their texts.
const LandingPage = lazyPageWithTexts(() => import('./pages/LandingPage'), ['landing', 'pricing']);
const ScreenerPage = lazyWithPreload(() => import('./pages/ScreenerPage'));
const SubscribePage = lazyPageWithTexts(() => import('./pages/SubscribePage'), ['billing', 'pricing']);
const LoginPage = lazyPageWithTexts(() => import('./pages/LoginPage'), ['account']);
const SignupPage = lazyPageWithTexts(() => import('./pages/SignupPage'), ['account']);
const ForgotPasswordPage = lazyPageWithTexts(() => import('./pages/ForgotPasswordPage'), ['account']);
const ResetPasswordPage = lazyPageWithTexts(() => import('./pages/ResetPasswordPage'), ['account']);
const VerifyEmailPage = lazyPageWithTexts(() => import('./pages/VerifyEmailPage'), ['account']);
const AcceptInvitationPage = lazyPageWithTexts(() => import('./pages/AcceptInvitationPage'), ['account', 'team']);
const AdminSetupPage = lazyPageWithTexts(() => import('./pages/AdminSetupPage'), ['admin', 'team']);
const ManageAppointmentPage = lazyPageWithTexts(() => import('./pages/ManageAppointmentPage'), ['booking', 'assessment']);
const BookingPaymentPage = lazyPageWithTexts(() => import('./pages/BookingPaymentPage'), ['booking']);
const MeasurePage = lazyPageWithTexts(() => import('./pages/MeasurePage'), ['booking', 'assessment']);
const NotFoundPage = lazyWithPreload(() => import('./pages/NotFoundPage'));

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <LocaleProvider>
            <Suspense fallback={<PageLoading />}>
              <Routes>
                <Route path="/" element={<LandingPage />} />
                <Route path="/screener/:identifier" element={<ScreenerPage />} />
                <Route path="/ms/screener/:identifier" element={<ScreenerPage />} />
                <Route path="/login" element={<LoginPage />} />
                <Route path="/signup" element={<SignupPage />} />
                <Route path="/forgot-password" element={<ForgotPasswordPage />} />
                <Route path="/reset-password" element={<ResetPasswordPage />} />
                {/* The same pages in Malay: the locale follows the /ms prefix (src/lib/locale.ts). */}
                <Route path="/ms/login" element={<LoginPage />} />
                <Route path="/ms/signup" element={<SignupPage />} />
                <Route path="/ms/forgot-password" element={<ForgotPasswordPage />} />
                <Route path="/ms/reset-password" element={<ResetPasswordPage />} />
                <Route path="/invitation" element={<AcceptInvitationPage />} />
                <Route path="/verify-email" element={<VerifyEmailPage />} />
                <Route path="/admin-setup" element={<AdminSetupPage />} />
                <Route path="/admin/setup" element={<AdminSetupPage />} />
                <Route path="/ms/admin-setup" element={<AdminSetupPage />} />
                {/* Each admin screen at its own address; /admin opens the member's home. */}
                <Route path="/admin" element={<Navigate to="/admin/today" replace />} />
                <Route path="/ms/admin" element={<Navigate to="/ms/admin/today" replace />} />
                <Route path="/admin/:section" element={<AdminSetupPage />} />
                <Route path="/ms/admin/:section" element={<AdminSetupPage />} />
                <Route path="/subscribe" element={<SubscribePage />} />
                <Route path="/appointments/manage/:token" element={<ManageAppointmentPage />} />
                <Route path="/ms/appointments/manage/:token" element={<ManageAppointmentPage />} />
                {/* A paid hold's payment, opened in a pop-up from the embed (docs/decisions/0062). */}
                <Route path="/booking-payment/:appointmentId" element={<BookingPaymentPage />} />
                <Route path="/ms/booking-payment/:appointmentId" element={<BookingPaymentPage />} />
                <Route path="/measure/:token" element={<MeasurePage />} />
                <Route path="/ms/measure/:token" element={<MeasurePage />} />
                <Route path="*" element={<NotFoundPage />} />
              </Routes>
            </Suspense>
            <Toaster />
          </LocaleProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
