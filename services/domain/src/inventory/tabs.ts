/** The four inventory tabs and the spec's rules (case-insensitive substring of the category text). */
export const INVENTORY_TABS = [
  { id: 'cars-minivan', label: 'Cars & Minivan', categoryTerms: ['sedan', 'hatchback', 'coupe'], featureTerms: [] },
  { id: 'trucks', label: 'Trucks', categoryTerms: ['truck', 'pickup'], featureTerms: [] },
  { id: 'crossovers-suvs', label: 'Crossovers & SUVs', categoryTerms: ['suv', 'crossover'], featureTerms: [] },
  { id: 'electrified', label: 'Electrified', categoryTerms: ['electric', 'hybrid'], featureTerms: ['electric', 'hybrid'] },
] as const;

export type InventoryTabId = (typeof INVENTORY_TABS)[number]['id'];
export const INVENTORY_TAB_IDS = INVENTORY_TABS.map((tab) => tab.id) as unknown as readonly [InventoryTabId, ...InventoryTabId[]];

/** Whether a vehicle belongs on a tab: its category text, or (Electrified) a feature name, contains a term. */
export function matchesTab(tabId: InventoryTabId, vehicle: { category: string; features: ReadonlyArray<{ name: string }> }): boolean {
  const tab = INVENTORY_TABS.find((candidate) => candidate.id === tabId)!;
  const category = vehicle.category.toLowerCase();
  if (tab.categoryTerms.some((term) => category.includes(term))) return true;
  const terms: readonly string[] = tab.featureTerms;
  return vehicle.features.some((feature) => terms.some((term) => feature.name.toLowerCase().includes(term)));
}

/** The tabs a vehicle appears on, stored with the read model so a search filters on an indexed array. */
export function tabsOf(vehicle: { category: string; features: ReadonlyArray<{ name: string }> }): InventoryTabId[] {
  return INVENTORY_TABS.filter((tab) => matchesTab(tab.id, vehicle)).map((tab) => tab.id);
}

/**
 * The Complete Inventory page's tabs (spec 001 section 9): suv, sedan and luxury match the category text;
 * electric and hybrid match the category or a feature name.
 */
export const COLLECTIONS = [
  { id: 'suv', label: 'SUV', matchesFeatures: false },
  { id: 'sedan', label: 'Sedan', matchesFeatures: false },
  { id: 'electric', label: 'Electric', matchesFeatures: true },
  { id: 'hybrid', label: 'Hybrid', matchesFeatures: true },
  { id: 'luxury', label: 'Luxury', matchesFeatures: false },
] as const;
export type CollectionId = (typeof COLLECTIONS)[number]['id'];
export const COLLECTION_IDS = COLLECTIONS.map((collection) => collection.id) as unknown as readonly [CollectionId, ...CollectionId[]];

/** The collections a vehicle belongs to, by the same rules the search applies in SQL. */
export function collectionsOf(vehicle: { category: string; features: ReadonlyArray<{ name: string }> }): CollectionId[] {
  const category = vehicle.category.toLowerCase();
  const features = vehicle.features.map((feature) => feature.name.toLowerCase()).join(' ');
  return COLLECTIONS.filter((collection) => category.includes(collection.id) || (collection.matchesFeatures && features.includes(collection.id))).map((collection) => collection.id);
}
