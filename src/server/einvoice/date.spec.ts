import { describe, expect, it } from 'vitest';
import { toIsoDate } from './date';

describe('toIsoDate', () => {
  it('reads xs:date with and without time zone', () => {
    expect(toIsoDate({ value: '2016-04-04', format: null, syntax: 'xsd' })).toBe('2016-04-04');
    expect(toIsoDate({ value: '2016-04-04+02:00', format: null, syntax: 'xsd' })).toBe('2016-04-04');
    expect(toIsoDate({ value: '2016-04-04Z', format: null, syntax: 'xsd' })).toBe('2016-04-04');
  });

  it('reads CII format 102 (CCYYMMDD), also when the format attribute is missing', () => {
    expect(toIsoDate({ value: '20241115', format: '102', syntax: 'cii' })).toBe('2024-11-15');
    expect(toIsoDate({ value: '20241115', format: null, syntax: 'cii' })).toBe('2024-11-15');
  });

  it('refuses impossible days and other formats', () => {
    expect(toIsoDate({ value: '2016-02-30', format: null, syntax: 'xsd' })).toBeNull();
    expect(toIsoDate({ value: '20230229', format: '102', syntax: 'cii' })).toBeNull();
    expect(toIsoDate({ value: '20240229', format: '102', syntax: 'cii' })).toBe('2024-02-29');
    expect(toIsoDate({ value: '201606', format: '610', syntax: 'cii' })).toBeNull();
    expect(toIsoDate({ value: '20241115', format: '203', syntax: 'cii' })).toBeNull();
    expect(toIsoDate({ value: '15.11.2024', format: null, syntax: 'xsd' })).toBeNull();
    expect(toIsoDate({ value: '2024-11-15', format: '102', syntax: 'cii' })).toBeNull();
  });
});
