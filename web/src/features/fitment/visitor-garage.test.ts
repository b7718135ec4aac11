import { afterEach, describe, expect, it, vi } from 'vitest';
import { civic, corolla } from '../../../test/fitment-fixtures';
import { visitorGarage } from './visitor-garage';

afterEach(() => visitorGarage.clear());

const stored = () => JSON.parse(localStorage.getItem('proper-parts-garage') ?? 'null');
/** What the web keeps of a vehicle (its fuel is not shown). */
const kept = ({ fuel: _fuel, ...vehicle }: typeof corolla) => vehicle;

describe("a visitor's garage (localStorage)", () => {
  it('adds a vehicle first and current, switches, and removes (the current one: none after)', () => {
    const listener = vi.fn();
    const stop = visitorGarage.subscribe(listener);
    expect(visitorGarage.add(civic)).toBe(true);
    expect(visitorGarage.add(corolla)).toBe(true);
    expect(stored()).toEqual({ vehicles: [corolla, civic], currentId: corolla.id });
    expect(listener).toHaveBeenCalledTimes(2);

    // Chosen again: keeps its place, becomes current.
    visitorGarage.add(civic);
    expect(visitorGarage.snapshot().vehicles.map((v) => v.id)).toEqual([corolla.id, civic.id]);
    expect(visitorGarage.snapshot().currentId).toBe(civic.id);

    visitorGarage.use(corolla.id);
    expect(visitorGarage.snapshot().currentId).toBe(corolla.id);
    visitorGarage.use(999); // not in the garage: nothing changes
    expect(visitorGarage.snapshot().currentId).toBe(corolla.id);

    visitorGarage.remove(corolla.id);
    expect(visitorGarage.snapshot()).toEqual({ vehicles: [civic], currentId: null });
    visitorGarage.remove(civic.id);
    expect(localStorage.getItem('proper-parts-garage')).toBeNull();
    stop();
  });

  it('holds at most 20 vehicles', () => {
    for (let id = 1; id <= 20; id++) expect(visitorGarage.add({ ...civic, id })).toBe(true);
    expect(visitorGarage.add({ ...corolla, id: 99 })).toBe(false);
    expect(visitorGarage.snapshot().vehicles).toHaveLength(20);
    expect(visitorGarage.snapshot().currentId).toBe(20);
    // One already there can still be made current.
    expect(visitorGarage.add({ ...civic, id: 3 })).toBe(true);
    expect(visitorGarage.snapshot().currentId).toBe(3);
  });

  it('keeps only well-formed vehicles of what another tab (or an old version) wrote', () => {
    const listener = vi.fn();
    const stop = visitorGarage.subscribe(listener);
    const written = {
      vehicles: [corolla, { ...civic, year: '2012' }, { id: 5 }, corolla, 'junk'],
      currentId: civic.id,
    };
    localStorage.setItem('proper-parts-garage', JSON.stringify(written));
    window.dispatchEvent(new StorageEvent('storage', { key: 'proper-parts-garage' }));
    expect(listener).toHaveBeenCalledTimes(1);
    // The Civic was malformed, so it cannot be current.
    expect(visitorGarage.snapshot()).toEqual({ vehicles: [kept(corolla)], currentId: null });

    localStorage.setItem('proper-parts-garage', '{not json');
    window.dispatchEvent(new StorageEvent('storage', { key: 'proper-parts-garage' }));
    expect(visitorGarage.snapshot()).toEqual({ vehicles: [], currentId: null });
    stop();
  });

  it('draws no garage on the server', () => {
    visitorGarage.add(corolla);
    expect(visitorGarage.serverSnapshot()).toEqual({ vehicles: [], currentId: null });
  });
});
