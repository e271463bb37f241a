import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../src/dataProvider';
import { chosenMake, valueChoices } from '../src/ui/ListValueInput';

afterEach(() => vi.unstubAllGlobals());

describe("a list's make, model and year dropdowns", () => {
  it('ask the list for the values its records hold, the models of the chosen make', async () => {
    const requests: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo) => {
      requests.push(String(input));
      return new Response(JSON.stringify({ make: ['Honda', 'Kia'], model: ['Accord', 'Civic'], year: ['2019', '2016'] }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const { data } = await dataProvider.getFilterValues('sell-car-submissions', 'Mercedes-Benz & Co');
    expect(requests).toEqual(['/api/admin/sell-car-submissions/filter-values?make=Mercedes-Benz%20%26%20Co']);
    expect(valueChoices(data.model)).toEqual([
      { id: 'Accord', name: 'Accord' },
      { id: 'Civic', name: 'Civic' },
    ]);
    await dataProvider.getFilterValues('vehicles');
    expect(requests.at(-1)).toBe('/api/admin/vehicles/filter-values');
  });

  it('narrow the models only once a make is chosen', () => {
    expect(chosenMake({ brand: 'Toyota' }, 'brand')).toBe('Toyota');
    expect(chosenMake({ make: 'Toyota' }, 'brand')).toBeUndefined();
    expect(chosenMake({ make: '  ' }, 'make')).toBeUndefined();
    expect(chosenMake({}, 'make')).toBeUndefined();
  });
});
