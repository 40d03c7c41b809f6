import { describe, expect, it } from 'vitest';
import { alertReasonOf } from './measure-alerts';

describe('alertReasonOf', () => {
  it('reads a risk item and each scale’s deterioration', () => {
    expect(alertReasonOf('risk')).toEqual({ kind: 'risk' });
    expect(alertReasonOf('deterioration:phq9')).toEqual({ kind: 'deterioration', scale: 'phq9' });
    expect(alertReasonOf('deterioration:stress')).toEqual({ kind: 'deterioration', scale: 'stress' });
  });

  it('refuses a reason no part of Minda raises', () => {
    expect(() => alertReasonOf('deterioration:whooley')).toThrow(/Unknown/);
    expect(() => alertReasonOf('deterioration')).toThrow(/Unknown/);
    expect(() => alertReasonOf('risky')).toThrow(/Unknown/);
  });
});
