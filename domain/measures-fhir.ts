import type { Bundle, BundleEntry, Coding, Observation, QuestionnaireResponse, QuestionnaireResponseItem } from '@medplum/fhirtypes';
import type { CombinedQuestionId } from './combined';
import type { Dass21QuestionId } from './dass21';
import { INSTRUMENT_SCALES, measureQuestionIds, scoreMeasure, type MeasureAnswers, type MeasureScale } from './measures';
import type { AnswerScore } from './scoring';

// A client's measures as a FHIR R4 Bundle (issue 30, PDPA section 43A portability): a
// QuestionnaireResponse per questionnaire answered and an Observation per scale total. The
// bundle holds no Patient: the client or the receiving system knows whose it is, and the
// export carries no name or contact detail it does not need (docs/measures-fhir.md).

const LOINC = 'http://loinc.org';

/**
 * Minda's DASS-21 code system: DASS-21 has no LOINC panel. A fixed URN, since Minda is
 * self-hosted and has no web address of its own to name it by; docs/measures-fhir.md lists
 * its codes.
 */
export const DASS21_CODE_SYSTEM = 'urn:uuid:29bec436-da50-4719-aad1-ce93524c55ed';
/** The canonical of the DASS-21 questionnaire its responses answer, likewise a fixed URN. */
export const DASS21_QUESTIONNAIRE = 'urn:uuid:e8cf469d-2a8c-44d6-bc13-c6da98321555';

/**
 * LOINC codes, checked against LOINC's own panels as HL7 guides reproduce them (US Core 7's
 * PHQ-9 example, loinc.org/44249-1; the GAD-7 form loinc.org/69737-5, as Aidbox's SDC guide
 * lists it) and tx.fhir.org look-ups in public code: 44249-1 and 69737-5 are the PHQ-9 and GAD-7
 * *panels* (the questionnaires), 44261-6 and 70274-6 their *total scores*. So the panel codes
 * name the questionnaire a response answers (LOINC's FHIR questionnaires are http://loinc.org/q/<panel>),
 * and the Observations carry the total-score codes.
 * Item codes are in the order the items are asked.
 */
const LOINC_FORMS = {
  phq9: {
    panel: '44249-1',
    total: '44261-6',
    totalText: 'PHQ-9 total score',
    items: ['44250-9', '44255-8', '44259-0', '44254-1', '44251-7', '44258-2', '44252-5', '44253-3', '44260-8'],
    /** The combined screening's ids of the PHQ-9 items (domain/combined.ts). */
    firstQuestionId: 3,
  },
  gad7: {
    panel: '69737-5',
    total: '70274-6',
    totalText: 'GAD-7 total score',
    items: ['69725-0', '68509-9', '69733-4', '69734-2', '69735-9', '69689-8', '69736-7'],
    firstQuestionId: 12,
  },
} as const;

/** LOINC's answer list LL358-3 for the PHQ frequency items, by score 0-3. */
const LOINC_FREQUENCY_ANSWERS: readonly Coding[] = [
  { system: LOINC, code: 'LA6568-5', display: 'Not at all' },
  { system: LOINC, code: 'LA6569-3', display: 'Several days' },
  { system: LOINC, code: 'LA6570-1', display: 'More than half the days' },
  { system: LOINC, code: 'LA6571-9', display: 'Nearly every day' },
];

const DASS21_TOTAL_TEXT: Readonly<Record<'depression' | 'anxiety' | 'stress', string>> = {
  depression: 'DASS-21 Depression score (doubled)',
  anxiety: 'DASS-21 Anxiety score (doubled)',
  stress: 'DASS-21 Stress score (doubled)',
};

export interface ExportedMeasure {
  /** The measure's own id, unique within the export; resource ids are made from it. */
  readonly id: string;
  readonly answeredAt: Date;
  readonly measure: MeasureAnswers;
}

function surveyObservation(id: string, code: Coding, text: string, value: number, answeredAt: string, responseId: string): Observation {
  return {
    resourceType: 'Observation',
    id,
    status: 'final',
    category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'survey' }] }],
    code: { coding: [code], text },
    effectiveDateTime: answeredAt,
    valueInteger: value,
    derivedFrom: [{ reference: `QuestionnaireResponse/${responseId}` }],
  };
}

function questionnaireResponse(id: string, questionnaire: string, authored: string, item: QuestionnaireResponseItem[]): QuestionnaireResponse {
  return { resourceType: 'QuestionnaireResponse', id, questionnaire, status: 'completed', authored, item };
}

function loincResources(exported: ExportedMeasure, scale: 'phq9' | 'gad7', answeredAt: string, total: number): (QuestionnaireResponse | Observation)[] {
  const form = LOINC_FORMS[scale];
  const answers = exported.measure.answers as Readonly<Partial<Record<CombinedQuestionId, AnswerScore>>>;
  const item = form.items.flatMap((code, index): QuestionnaireResponseItem[] => {
    const score = answers[(form.firstQuestionId + index) as CombinedQuestionId];
    return score === undefined ? [] : [{ linkId: code, answer: [{ valueCoding: LOINC_FREQUENCY_ANSWERS[score] }] }];
  });
  const responseId = `${exported.id}-${scale}`;
  return [
    questionnaireResponse(responseId, `${LOINC}/q/${form.panel}`, answeredAt, item),
    surveyObservation(`${responseId}-total`, { system: LOINC, code: form.total }, form.totalText, total, answeredAt, responseId),
  ];
}

function dass21Resources(exported: ExportedMeasure, answeredAt: string, totals: Readonly<Partial<Record<MeasureScale, number>>>): (QuestionnaireResponse | Observation)[] {
  const answers = exported.measure.answers as Readonly<Partial<Record<Dass21QuestionId, AnswerScore>>>;
  const item = measureQuestionIds('dass21').flatMap((id): QuestionnaireResponseItem[] => {
    const score = answers[id as Dass21QuestionId];
    return score === undefined ? [] : [{ linkId: `item-${id}`, answer: [{ valueInteger: score }] }];
  });
  const responseId = `${exported.id}-dass21`;
  return [
    questionnaireResponse(responseId, DASS21_QUESTIONNAIRE, answeredAt, item),
    ...INSTRUMENT_SCALES.dass21.map((scale) =>
      surveyObservation(`${responseId}-${scale}`, { system: DASS21_CODE_SYSTEM, code: scale }, DASS21_TOTAL_TEXT[scale], totals[scale]!, answeredAt, responseId),
    ),
  ];
}

function measureResources(exported: ExportedMeasure): (QuestionnaireResponse | Observation)[] {
  const answeredAt = exported.answeredAt.toISOString();
  const scores = scoreMeasure(exported.measure);
  const totals = Object.fromEntries(Object.entries(scores).map(([scale, result]) => [scale, result.score]));
  if (exported.measure.instrument === 'dass21') return dass21Resources(exported, answeredAt, totals);
  return INSTRUMENT_SCALES.phq9Gad7.flatMap((scale) => loincResources(exported, scale, answeredAt, totals[scale]!));
}

/** The Bundle (`application/fhir+json`) of a client's answered measures, oldest first. */
export function measuresBundle(measures: readonly ExportedMeasure[], exportedAt: Date): Bundle {
  const entry: BundleEntry[] = [...measures]
    .sort((a, b) => a.answeredAt.getTime() - b.answeredAt.getTime())
    .flatMap(measureResources)
    .map((resource) => ({ resource }));
  return { resourceType: 'Bundle', type: 'collection', timestamp: exportedAt.toISOString(), entry };
}
