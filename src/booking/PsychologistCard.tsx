import { malayOr } from '../../domain/configuration';
import { useI18nContext } from '../../i18n/i18n-react';
import type { RouterOutputs } from '../lib/trpc';

export type PublicPsychologist = RouterOutputs['public']['psychologists'][number];

export function PsychologistCard({ psychologist, onChoose }: { psychologist: PublicPsychologist; onChoose: () => void }) {
  const { LL, locale } = useI18nContext();
  const jobTitle = malayOr(psychologist.jobTitle, psychologist.jobTitleMs, locale);
  const description = malayOr(psychologist.description, psychologist.descriptionMs, locale);
  return (
    <li className="card bg-base-100 shadow-sm">
      <div className="card-body gap-2">
        <div className="flex items-center gap-3">
          {psychologist.imageUrl && (
            <img src={psychologist.imageUrl} alt="" className="h-14 w-14 rounded-full object-cover" />
          )}
          <div>
            <h3 className="font-semibold">{psychologist.name}</h3>
            <p className="text-sm text-base-content/80">{jobTitle}</p>
          </div>
        </div>
        <p className="text-sm">{description}</p>
        <p className="font-semibold">
          {psychologist.pricePerHour ? LL.booking.perHour({ price: psychologist.pricePerHour }) : LL.booking.priceOnRequest()}
        </p>
        <button
          type="button"
          className="btn btn-primary btn-sm self-start"
          aria-label={LL.booking.chooseWith({ name: psychologist.name })}
          onClick={onChoose}
        >
          {LL.booking.choose()}
        </button>
      </div>
    </li>
  );
}
