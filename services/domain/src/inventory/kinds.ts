// No zod here: the storefront's inventory and vehicle pages import these without the schemas (about 20 KB of
// Brotli before their first paint when they came through the inventory index).

export const VEHICLE_CONDITIONS = ['new', 'used', 'certified'] as const;
export const CONDITION_LABELS = { new: 'New', used: 'Used', certified: 'Certified Pre-Owned' } as const;
export const FUEL_TYPES = ['petrol', 'diesel', 'hybrid', 'plug-in-hybrid', 'electric'] as const;
export const BODY_TYPES = ['sedan', 'hatchback', 'coupe', 'suv', 'crossover', 'pickup', 'truck', 'minivan', 'van'] as const;
export const TRANSMISSIONS = ['automatic', 'manual', 'cvt', 'dct', 'single-speed'] as const;

/** Cars that charge from the grid (electric, plug-in hybrid): only they have a driving range on electricity. */
export const chargesFromTheGrid = (fuelType: unknown): boolean => fuelType === 'electric' || fuelType === 'plug-in-hybrid';
