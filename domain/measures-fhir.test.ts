import type { Observation, QuestionnaireResponse } from '@medplum/fhirtypes';
import type { ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { DASS21_CODE_SYSTEM, DASS21_QUESTIONNAIRE, measuresBundle, type ExportedMeasure } from './measures-fhir';
import { fhirBundleValidator } from './testing/fhir-schema';

let validateFhir: ValidateFunction;
beforeAll(() => {
  validateFhir = fhirBundleValidator();
});

function expectValidFhir(resource: unknown): void {
  const valid = validateFhir(resource);
  // A failing oneOf lists every resource type; the first errors are the telling ones.
  expect(valid, JSON.stringify(validateFhir.errors?.slice(0, 5))).toBe(true);
}

const phq9Gad7: ExportedMeasure = {
  id: 'm1',
  answeredAt: new Date('2026-11-20T01:30:00Z'),
  measure: {
    instrument: 'phq9Gad7',
    // PHQ-9 (ids 3-11): 3+2+1+0+0+1+2+0+1 = 10. GAD-7 (ids 12-18): 1+1+1+1+0+2+0 = 6.
    answers: { 3: 3, 4: 2, 5: 1, 6: 0, 7: 0, 8: 1, 9: 2, 10: 0, 11: 1, 12: 1, 13: 1, 14: 1, 15: 1, 16: 0, 17: 2, 18: 0 },
  },
};

const dass21: ExportedMeasure = {
  id: 'm0',
  answeredAt: new Date('2026-11-06T01:30:00Z'),
  measure: {
    instrument: 'dass21',
    // Every item 1, item 21 (depression) 3: depression (7 + 2) · 2 = 18, anxiety and stress 7 · 2 = 14.
    answers: { ...Object.fromEntries(Array.from({ length: 21 }, (_, index) => [index + 1, 1])), 21: 3 },
  },
};

function resourcesOf(measures: ExportedMeasure[]) {
  const bundle = measuresBundle(measures, new Date('2026-11-27T00:00:00Z'));
  const resources = (bundle.entry ?? []).map((entry) => entry.resource!);
  return {
    bundle,
    responses: resources.filter((resource): resource is QuestionnaireResponse => resource.resourceType === 'QuestionnaireResponse'),
    observations: resources.filter((resource): resource is Observation => resource.resourceType === 'Observation'),
  };
}

describe('measuresBundle', () => {
  it('is a FHIR R4 Bundle that HL7’s JSON Schema accepts, for both instruments', () => {
    const { bundle } = resourcesOf([phq9Gad7, dass21]);
    expectValidFhir(bundle);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection', timestamp: '2026-11-27T00:00:00.000Z' });
  });

  it('is checked by a validator that refuses what FHIR refuses', () => {
    const { bundle } = resourcesOf([phq9Gad7]);
    const observation = bundle.entry![1]!.resource as Observation;
    expect(validateFhir({ ...bundle, entry: [{ resource: { ...observation, status: 'done' } }] })).toBe(false);
    expect(validateFhir({ ...bundle, entry: [{ resource: { ...observation, score: 10 } }] })).toBe(false);
    expect(validateFhir({ ...bundle, entry: [{ resource: { ...observation, effectiveDateTime: '20 Nov 2026' } }] })).toBe(false);
  });

  it('puts the measures oldest first, each response before the totals derived from it', () => {
    const { bundle } = resourcesOf([phq9Gad7, dass21]);
    expect(bundle.entry!.map((entry) => entry.resource!.id)).toEqual([
      'm0-dass21',
      'm0-dass21-depression',
      'm0-dass21-anxiety',
      'm0-dass21-stress',
      'm1-phq9',
      'm1-phq9-total',
      'm1-gad7',
      'm1-gad7-total',
    ]);
  });

  it('answers the LOINC PHQ-9 and GAD-7 panels item by item with LOINC’s answer codes', () => {
    const { responses } = resourcesOf([phq9Gad7]);
    const [phq9, gad7] = responses;
    expect(phq9).toMatchObject({ questionnaire: 'http://loinc.org/q/44249-1', status: 'completed', authored: '2026-11-20T01:30:00.000Z' });
    expect(phq9!.item!.map((item) => item.linkId)).toEqual([
      '44250-9', '44255-8', '44259-0', '44254-1', '44251-7', '44258-2', '44252-5', '44253-3', '44260-8',
    ]);
    // Item 9 answered "Several days" (1), item 1 "Nearly every day" (3).
    expect(phq9!.item![8]!.answer).toEqual([{ valueCoding: { system: 'http://loinc.org', code: 'LA6569-3', display: 'Several days' } }]);
    expect(phq9!.item![0]!.answer![0]!.valueCoding!.code).toBe('LA6571-9');
    expect(gad7).toMatchObject({ questionnaire: 'http://loinc.org/q/69737-5' });
    expect(gad7!.item!.map((item) => item.linkId)).toEqual(['69725-0', '68509-9', '69733-4', '69734-2', '69735-9', '69689-8', '69736-7']);
    expect(gad7!.item![5]!.answer![0]!.valueCoding!.code).toBe('LA6570-1');
  });

  it('gives each total an Observation with the LOINC total-score code, derived from its response', () => {
    const { observations } = resourcesOf([phq9Gad7]);
    expect(observations.map((observation) => [observation.code.coding![0]!.code, observation.valueInteger])).toEqual([
      ['44261-6', 10],
      ['70274-6', 6],
    ]);
    expect(observations[0]).toMatchObject({
      status: 'final',
      effectiveDateTime: '2026-11-20T01:30:00.000Z',
      derivedFrom: [{ reference: 'QuestionnaireResponse/m1-phq9' }],
    });
  });

  it('codes the DASS-21 in Minda’s own code system, with the doubled scale scores', () => {
    const { responses, observations } = resourcesOf([dass21]);
    expect(responses[0]!.questionnaire).toBe(DASS21_QUESTIONNAIRE);
    expect(responses[0]!.item).toHaveLength(21);
    expect(responses[0]!.item![20]).toEqual({ linkId: 'item-21', answer: [{ valueInteger: 3 }] });
    expect(observations.map((observation) => [observation.code.coding![0], observation.valueInteger])).toEqual([
      [{ system: DASS21_CODE_SYSTEM, code: 'depression' }, 18],
      [{ system: DASS21_CODE_SYSTEM, code: 'anxiety' }, 14],
      [{ system: DASS21_CODE_SYSTEM, code: 'stress' }, 14],
    ]);
  });

  it('leaves unanswered items out rather than inventing an answer', () => {
    const partial: ExportedMeasure = { ...phq9Gad7, measure: { instrument: 'phq9Gad7', answers: { 3: 2, 12: 1 } } };
    const { bundle, responses } = resourcesOf([partial]);
    expectValidFhir(bundle);
    expect(responses.map((response) => response.item!.map((item) => item.linkId))).toEqual([['44250-9'], ['69725-0']]);
  });

  it('is an empty collection when there is nothing to export', () => {
    const { bundle } = resourcesOf([]);
    expectValidFhir(bundle);
    expect(bundle.entry).toEqual([]);
  });
});
