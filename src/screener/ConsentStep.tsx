import {
  bulletLines,
  consentSectionText,
  DEFAULT_CONFIGURATION,
  type PublicScreenerConfiguration,
  STOCK_CONSENT_TEXTS,
} from '../../domain/configuration';
import type { AgeGroup } from '../../domain/screening-session';
import { useI18nContext } from '../../i18n/i18n-react';
import { Note } from '../components/Note';

interface ConsentStepProps {
  configuration: PublicScreenerConfiguration;
  userAge: AgeGroup | null;
  onChooseAge: (age: AgeGroup) => void;
  onConsent: () => void;
}

function Bullets({ title, lines }: { title: string; lines: string[] }) {
  return (
    <section className="text-left">
      <h3 className="font-semibold">{title}</h3>
      <ul className="list-disc pl-6">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

/** 'Before We Begin': who runs the screener, what it does, privacy, age and consent. */
export function ConsentStep({ configuration, userAge, onChooseAge, onConsent }: ConsentStepProps) {
  const { LL } = useI18nContext();
  const consent = LL.screener.consent;
  const age = configuration.minimumAge;
  const ageGroups: AgeGroup[] = ['belowMinimumAge', 'meetsMinimumAge'];
  const important = consentSectionText(
    configuration.importantSectionContent,
    STOCK_CONSENT_TEXTS.importantSectionContent,
    consent.important(),
    { stripImportantPrefix: true },
  );
  const title = consentSectionText(configuration.appTitle, DEFAULT_CONFIGURATION.appTitle, LL.screener.defaults.title());
  const description = consentSectionText(
    configuration.appDescription,
    DEFAULT_CONFIGURATION.appDescription,
    LL.screener.defaults.description(),
  );
  const whatThisDoes = consentSectionText(configuration.whatThisDoesContent, STOCK_CONSENT_TEXTS.whatThisDoesContent, consent.whatThisDoes());
  const privacy = consentSectionText(configuration.privacySectionContent, STOCK_CONSENT_TEXTS.privacySectionContent, consent.privacy());
  // Whether answers go to an AI service is the operator's switch, so it is said under any
  // privacy text, the operator's own included: no wording can leave it out.
  const aiDisclosure = configuration.aiInsightsEnabled ? consent.privacyAiOn() : consent.privacyAiOff();
  // A clinic's screener keeps anonymous daily counts for its insights; the sample counts nothing.
  const countsNotice = configuration.id === DEFAULT_CONFIGURATION.id ? [] : [consent.privacyCounts()];

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-base-content/80">{description}</p>
      <span className="badge badge-outline badge-primary">{LL.screener.anonymous()}</span>

      <div className="card w-full bg-base-100 shadow">
        <div className="card-body gap-4">
          <h2 className="card-title self-center text-2xl">{LL.screener.beforeWeBegin()}</h2>
          <Note>
            <h3 className="font-semibold">{consent.importantTitle()}</h3>
            <p>{important}</p>
          </Note>
          <Bullets title={consent.whatThisDoesTitle()} lines={bulletLines(whatThisDoes)} />
          <Bullets title={consent.privacyTitle()} lines={[...bulletLines(privacy), aiDisclosure, ...countsNotice]} />

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 font-semibold">{consent.ageQuestion()}</legend>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {ageGroups.map((group) => (
                <button
                  key={group}
                  type="button"
                  aria-pressed={userAge === group}
                  className={`btn ${userAge === group ? 'btn-primary' : 'btn-outline'}`}
                  onClick={() => onChooseAge(group)}
                >
                  {consent.ageGroups[group]({ age })}
                </button>
              ))}
            </div>
          </fieldset>
          {userAge === 'belowMinimumAge' && (
            <Note role="status">
              <p>{consent.underAge({ age })}</p>
            </Note>
          )}
          <button type="button" className="btn btn-primary" disabled={userAge === null} onClick={onConsent}>
            {consent.consentButton()}
          </button>
        </div>
      </div>
    </div>
  );
}
