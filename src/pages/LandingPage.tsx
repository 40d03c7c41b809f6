import { Link } from 'react-router-dom';
import { SiteFooter } from '../components/SiteFooter';
import { useI18nContext } from '../i18n/i18n-react';

export default function LandingPage() {
  const { LL } = useI18nContext();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="navbar bg-base-100 px-4 shadow-sm">
        <span className="flex-1 text-xl font-bold text-primary">{LL.appName()}</span>
        <Link to="/login" className="btn btn-ghost btn-sm">
          {LL.common.adminLogin()}
        </Link>
      </header>
      <main className="flex-1">
        <section className="hero bg-base-200 py-16">
          <div className="hero-content max-w-3xl flex-col text-center">
            <h1 className="text-4xl font-bold">{LL.landing.heroTitle()}</h1>
            <p className="text-lg">{LL.landing.heroText()}</p>
          </div>
        </section>
        <section className="mx-auto max-w-3xl p-6">
          <div role="note" className="alert alert-warning">
            <span>{LL.common.disclaimer()}</span>
          </div>
        </section>
        <section className="mx-auto max-w-3xl p-6 text-center">
          <h2 className="text-2xl font-semibold">{LL.landing.tryTitle()}</h2>
          <p className="my-2">{LL.landing.tryText()}</p>
          <Link to="/screener/default" className="btn btn-primary">
            {LL.landing.tryButton()}
          </Link>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
