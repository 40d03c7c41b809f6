import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { LocaleProvider } from './components/LocaleProvider';
import { PageLoading } from './components/PageLoading';
import { Toaster } from './components/toast';
import { createQueryClient, createTrpcClient, trpc } from './lib/trpc';

// Every page is its own chunk: a visitor on a screener never downloads admin or payment code.
const LandingPage = lazy(() => import('./pages/LandingPage'));
const ScreenerPage = lazy(() => import('./pages/ScreenerPage'));
const SubscribePage = lazy(() => import('./pages/SubscribePage'));
const LoginPage = lazy(() => import('./pages/LoginPage'));
const SignupPage = lazy(() => import('./pages/SignupPage'));
const ForgotPasswordPage = lazy(() => import('./pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage'));
const AdminSetupPage = lazy(() => import('./pages/AdminSetupPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

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
                <Route path="/admin-setup" element={<AdminSetupPage />} />
                <Route path="/admin/setup" element={<AdminSetupPage />} />
                <Route path="/subscribe" element={<SubscribePage />} />
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
