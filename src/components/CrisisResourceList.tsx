import type { CrisisResource } from '../../domain/crisis';
import { useI18nContext } from '../../i18n/i18n-react';

/** Malaysia's crisis lines with their numbers, shown by the screener and beside booking alike. */
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
