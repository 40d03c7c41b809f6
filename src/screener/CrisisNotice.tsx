import { type CrisisResource, MALAYSIAN_CRISIS_RESOURCES } from '../../domain/crisis';
import { useI18nContext } from '../../i18n/i18n-react';

export function CrisisResourceList({ resources }: { resources: readonly CrisisResource[] }) {
  const { LL } = useI18nContext();
  const names = LL.assessment.crisis.resources;
  return (
    <ul className="flex flex-col gap-2">
      {resources.map((resource) => (
        <li key={resource.id}>
          <p className="font-semibold">
            {names[resource.id].name()}:{' '}
            <a className="link" href={resource.phone.href}>
              {resource.phone.display}
            </a>
            {resource.alternativePhone && (
              <>
                {' '}
                {LL.assessment.crisis.alternativePhone({ number: resource.alternativePhone.display })}
              </>
            )}
          </p>
          <p className="text-sm">{names[resource.id].description()}</p>
          {resource.whatsApp && (
            <a className="link text-sm" href={resource.whatsApp.href}>
              {LL.assessment.crisis.whatsApp({ number: resource.whatsApp.display })}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Announced at once to screen readers; stays until the visitor closes it (SPEC section 4). */
export default function CrisisNotice({ onClose }: { onClose: () => void }) {
  const { LL } = useI18nContext();
  return (
    <section role="alert" aria-labelledby="crisis-title" className="alert alert-error alert-vertical items-start text-left">
      <h2 id="crisis-title" className="text-lg font-bold">
        {LL.assessment.crisis.title()}
      </h2>
      <p>{LL.assessment.crisis.message()}</p>
      <CrisisResourceList resources={MALAYSIAN_CRISIS_RESOURCES} />
      <button type="button" className="btn btn-sm" onClick={onClose}>
        {LL.assessment.crisis.close()}
      </button>
    </section>
  );
}
