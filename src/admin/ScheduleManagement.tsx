import { useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { trpc } from '../lib/trpc';
import { AdminSection } from './AdminSection';
import { GenerateSlotsForm } from './GenerateSlotsForm';
import { PsychologistScheduleEditor } from './PsychologistScheduleEditor';
import { EMPTY_SCHEDULE_DRAFT, type ScheduleDraft } from './schedule-draft';
import { WeekCalendar } from './WeekCalendar';

/**
 * The weekly hours and exceptions of the psychologist chosen in the form (free times come from
 * them, docs/decisions/0047), dated slots generated beside them, and their week. Until the
 * operator picks one, the first psychologist is chosen; a deleted one falls back the same way.
 */
export function ScheduleManagement() {
  const { LL } = useI18nContext();
  const t = LL.admin.schedule;
  const psychologists = trpc.admin.psychologists.list.useQuery();
  const [draft, setDraft] = useState<ScheduleDraft>(EMPTY_SCHEDULE_DRAFT);

  const list = psychologists.data ?? [];
  const chosen = list.find((p) => p.id === draft.psychologistId) ?? list[0];
  const effectiveDraft = { ...draft, psychologistId: chosen?.id ?? '' };

  return (
    <AdminSection title={t.title()}>
      {psychologists.isPending ? (
        <p role="status">{LL.admin.psychologists.loading()}</p>
      ) : psychologists.isError ? (
        <p role="alert" className="text-error">
          {LL.admin.psychologists.loadFailed()}
        </p>
      ) : !chosen ? (
        <p>{t.noPsychologists()}</p>
      ) : (
        <>
          <PsychologistScheduleEditor key={`hours-${chosen.id}`} psychologistId={chosen.id} psychologistName={chosen.name} />
          <div className="divider my-0" />
          <GenerateSlotsForm psychologists={list} draft={effectiveDraft} onChange={setDraft} />
          <div className="divider my-0" />
          <WeekCalendar key={chosen.id} psychologist={chosen} />
        </>
      )}
    </AdminSection>
  );
}
