import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PricingPlan } from '../components/PricingPlan';
import { SiteFooter } from '../components/SiteFooter';
import { useVisitorInfo } from '../components/useVisitorInfo';
import { useI18nContext } from '../../i18n/i18n-react';

const TESTS = [
  { id: 'dass21', questions: 21 },
  { id: 'whooley', questions: 2 },
  { id: 'phq9', questions: 9 },
  { id: 'gad7', questions: 7 },
] as const;
const TIPS = ['personalized', 'nextSteps', 'resources'] as const;
const STEPS = ['test', 'insights', 'book'] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-12">
      <h2 className="text-center text-3xl font-bold">{title}</h2>
      {children}
    </section>
  );
}

export default function LandingPage() {
  const { LL } = useI18nContext();
  const text = LL.landing;
  const offer = useVisitorInfo();
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
            <h1 className="text-4xl font-bold">{text.heroTitle()}</h1>
            <p className="text-lg">{text.heroText()}</p>
            <Link to="/screener/default" className="btn btn-primary">
              {text.heroCta()}
            </Link>
          </div>
        </section>

        <Section title={text.whatTitle()}>
          <p className="mx-auto max-w-3xl text-center">{text.whatText()}</p>
          {/* SPEC's amber note; the theme draws alerts as a light tint (src/styles.css). */}
          <div role="note" className="alert alert-warning mx-auto max-w-3xl">
            {text.note()}
          </div>
        </Section>

        <Section title={text.testsTitle()}>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {TESTS.map((test) => (
              <li key={test.id} className="card bg-base-100 shadow">
                <div className="card-body">
                  <h3 className="card-title">{text.tests[test.id].name()}</h3>
                  <p className="text-sm font-semibold text-primary">{text.questionCount({ count: test.questions })}</p>
                  <p>{text.tests[test.id].description()}</p>
                </div>
              </li>
            ))}
          </ul>
        </Section>

        <Section title={text.tipsTitle()}>
          <ul className="grid gap-4 md:grid-cols-3">
            {TIPS.map((tip) => (
              <li key={tip} className="card bg-base-100 shadow">
                <div className="card-body">
                  <h3 className="card-title">{text.tips[tip].title()}</h3>
                  <p>{text.tips[tip].text()}</p>
                </div>
              </li>
            ))}
          </ul>
        </Section>

        <Section title={text.howTitle()}>
          <ol className="grid gap-4 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step} className="flex flex-col items-center gap-2 text-center">
                <span className="flex h-12 w-12 items-center justify-center rounded-full bg-primary text-xl font-bold text-primary-content">
                  {index + 1}
                </span>
                <h3 className="text-lg font-semibold">{text.steps[step].title()}</h3>
                <p>{text.steps[step].text()}</p>
              </li>
            ))}
          </ol>
        </Section>

        <Section title={text.pricingTitle()}>
          <PricingPlan offer={offer} countdown="subscribeWithin" headingLevel="h3">
            <Link to="/signup" className="btn btn-primary">
              {text.getStarted()}
            </Link>
          </PricingPlan>
        </Section>

        <Section title={text.tryTitle()}>
          <p className="text-center">{text.tryText()}</p>
          <Link to="/screener/default" className="btn btn-primary self-center">
            {text.tryButton()}
          </Link>
        </Section>
      </main>
      <SiteFooter />
    </div>
  );
}
