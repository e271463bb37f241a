import { takePrefetched } from '../prefetch';

export interface Price {
  amount: number;
  currency: string;
}

export interface VehicleSummary {
  id: string;
  name: string;
  subtitle: string;
  brand: string;
  model: string;
  year: number;
  category: string;
  price: Price;
  displayPrice: Price;
  image: { url: string; alt: string } | null;
  rating: number;
  reviewCount: number;
  condition: string;
  fuelType: string;
  bodyType: string;
  transmission: string;
  odometerKm: number;
  location: { city: string; country: string };
  inStock: boolean;
  isNew: boolean;
  isFeatured: boolean;
  features: string[];
  specifications: Array<{ name: string; value: string }>;
}

export interface VehicleDetail extends VehicleSummary {
  description: string;
  images: Array<{ url: string; alt: string; isPrimary?: boolean }>;
  specifications: Array<{ name: string; value: string; category: string }>;
  featureDetails: Array<{ name: string; description: string; category: string }>;
}

export type Facet = Array<{ value: string; count: number }>;

export interface SearchResult {
  items: VehicleSummary[];
  total: number;
  page: number;
  pageSize: number;
  currency: string;
  facets: Record<'make' | 'condition' | 'fuel' | 'body' | 'year' | 'location' | 'tab' | 'collection', Facet>;
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await (takePrefetched(url) ?? fetch(url, { signal: signal ?? null, headers: { Accept: 'application/json' } }));
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') throw error;
    throw new ApiFailure(0, 'Could not reach AutoBest. Check your connection.');
  }
  const body = (await response.json().catch(() => undefined)) as { message?: string } | undefined;
  // Given up on while the answer arrived (a newer search replaced it): it must not overwrite the newer one.
  if (signal?.aborted) throw new DOMException('The request was replaced', 'AbortError');
  if (!response.ok) throw new ApiFailure(response.status, body?.message ?? `The server answered ${response.status}`);
  if (body === undefined) throw new ApiFailure(response.status, 'The server sent an answer that could not be read');
  return body as T;
}

