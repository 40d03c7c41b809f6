import { Link } from 'react-router-dom';
import { useI18nContext } from '../../i18n/i18n-react';

export default function NotFoundPage() {
  const { LL } = useI18nContext();
  return (
    <main className="flex min-h-screen items-center justify-center bg-base-200 p-4">
      <div className="card w-full max-w-md bg-base-100 shadow">
        <div className="card-body">
          <h1 className="card-title text-2xl">{LL.notFound.title()}</h1>
          <p className="font-mono text-sm text-base-content/70">{LL.notFound.hint()}</p>
          <Link to="/" className="link link-primary mt-2">
            {LL.common.backHome()}
          </Link>
        </div>
      </div>
    </main>
  );
}
