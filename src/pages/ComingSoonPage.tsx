import { Link } from 'react-router-dom';
import { useI18nContext } from '../i18n/i18n-react';

/** Holds the place of a screen whose issue has not landed yet. */
export default function ComingSoonPage() {
  const { LL } = useI18nContext();
  return (
    <main className="flex min-h-screen items-center justify-center bg-base-200 p-4">
      <div className="card w-full max-w-md bg-base-100 shadow">
        <div className="card-body">
          <h1 className="card-title">{LL.comingSoon.title()}</h1>
          <p>{LL.comingSoon.text()}</p>
          <Link to="/" className="link link-primary">
            {LL.common.backHome()}
          </Link>
        </div>
      </div>
    </main>
  );
}
