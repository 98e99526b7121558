import { Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Loading } from '../../components/Spinner';
import { ErrorBoundary } from '../shell/ErrorBoundary';
import { Logo } from '../shell/Logo';

/** Centred card layout of the public screens (sign in, sign up, password, blocked). */
export function AuthLayout({ children }: { children?: ReactNode }) {
  const location = useLocation();
  return (
    <div className="flex min-h-full flex-col items-center justify-center px-4 py-10 sm:px-6">
      <div className="mb-8">
        <Logo />
      </div>
      <main className="w-full max-w-md rounded-2xl border border-gray-200 bg-white px-5 py-8 shadow-sm sm:px-8">
        <ErrorBoundary key={location.pathname}>
          <Suspense fallback={<Loading />}>{children ?? <Outlet />}</Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}

export function AuthTitle({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-xl font-semibold tracking-tight text-gray-900">{title}</h1>
      {subtitle && <p className="mt-1 text-sm text-gray-500">{subtitle}</p>}
    </div>
  );
}

export const linkClasses = 'font-medium text-brand-700 hover:text-brand-800 hover:underline';
