import { describe, expect, it } from 'vitest';
import { UFS, ufOfCep } from '../src/cep-regions';

describe('ufOfCep', () => {
  it.each([
    ['01310100', 'SP'],
    ['19999999', 'SP'],
    ['20040020', 'RJ'],
    ['29000000', 'ES'],
    ['69300000', 'RR'],
    ['69400000', 'AM'],
    ['69900000', 'AC'],
    ['70040010', 'DF'],
    ['72800000', 'GO'],
    ['73000000', 'DF'],
    ['73700000', 'GO'],
    ['76800000', 'RO'],
    ['68900000', 'AP'],
    ['90010000', 'RS'],
  ])('%s is in %s', (cep, uf) => {
    expect(ufOfCep(cep)).toBe(uf);
  });

  it('answers undefined outside every range or for a malformed CEP', () => {
    expect(ufOfCep('00999999')).toBeUndefined();
    expect(ufOfCep('0131010')).toBeUndefined();
    expect(ufOfCep('01310-100')).toBeUndefined();
  });

  it('reaches every UF', () => {
    const reached = new Set<string>();
    for (let prefix = 1000; prefix <= 99999; prefix += 1) {
      const uf = ufOfCep(`${String(prefix).padStart(5, '0')}000`);
      if (uf) reached.add(uf);
    }
    expect([...reached].sort()).toEqual([...UFS].sort());
  });
});
